// Tokens decide who acts: another seat's token is PERMISSION_DENIED, another game's token (or
// a made-up one) UNAUTHENTICATED, and none of the refusals changes the game.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { equals } from "@bufbuild/protobuf";
import { Code, ConnectError, GameViewSchema, Occupant, Tablero, connectNode, ruleIdOf } from "../src/index.js";
import { claimGame, humanAndBot, startServer, twoHumans, type RunningServer, refused } from "./support.js";

let server: RunningServer;
let tablero: Tablero;
before(async () => {
  server = await startServer();
  tablero = new Tablero(connectNode(server.url), { apiKey: server.apiKey }); // a backend: it chooses seeds
});
after(() => server?.stop());

test("in a 2-human game, seat 1's token cannot act while seat 0 must", async () => {
  const created = await tablero.createGame(claimGame(twoHumans(), 3n));
  assert.deepEqual(created.credentials.map((c) => c.seat), [0, 1], "a token per human seat");
  const [ann, bob] = created.credentials.map((c) => tablero.seat(created.gameId, c.token));
  const view0 = await ann!.view();
  assert.deepEqual(view0.toAct, [0], "seat 0 leads first");
  const action = view0.legalActions[0]!.id;
  const bobView = await bob!.view();
  assert.equal(bobView.viewerSeat, 1);
  assert.deepEqual(bobView.legalActions, [], "seat 1 has nothing to do now");

  // Seat 1 submitting seat 0's legal action: for itself, and claiming to act for seat 0.
  const err = await refused(bob!.submit(action, { expectedVersion: view0.version }), Code.PermissionDenied, "seat 1 out of turn");
  assert.equal(ruleIdOf(err), undefined, "not a rule violation");
  await refused(bob!.submit(action, { expectedVersion: view0.version, seat: 0 }), Code.PermissionDenied, "seat 1 acting for seat 0");
  // The helper does not retry these.
  await refused(bob!.submit(action), Code.PermissionDenied, "seat 1 at the current version");

  assert.ok(equals(GameViewSchema, view0, await ann!.view()), "the game is unchanged");
  // Seat 0 may act with its own token, naming its seat or not.
  const res = await ann!.submit(action, { expectedVersion: view0.version, seat: 0 });
  assert.ok(res.view!.version > view0.version);
  assert.deepEqual(res.view!.toAct, [1], "now seat 1 must act");
});

test("a token of another game, or a made-up one, is UNAUTHENTICATED", async () => {
  const game = await tablero.createGame(claimGame(humanAndBot(), 4n));
  const other = await tablero.createGame(claimGame(humanAndBot(), 4n));
  const view0 = await tablero.seat(game.gameId, game.credentials[0]!.token).view();
  const action = view0.legalActions[0]!.id;

  const stranger = tablero.seat(game.gameId, other.credentials[0]!.token);
  await refused(stranger.submit(action, { expectedVersion: view0.version }), Code.Unauthenticated, "another game's token submits");
  await refused(stranger.view(), Code.Unauthenticated, "another game's token views");
  const forger = tablero.seat(game.gameId, "not-a-token");
  await refused(forger.submit(action, { expectedVersion: view0.version }), Code.Unauthenticated, "made-up token");
  // A spectator (no token) may look but not act.
  const spectator = tablero.spectator(game.gameId);
  assert.equal((await spectator.view()).viewerSeat, undefined);
  const err = await refused(spectator.submit(action, { expectedVersion: view0.version }), Code.Unauthenticated, "spectator submits");
  assert.ok(err.rawMessage.length > 0);

  assert.equal((await spectator.view()).version, view0.version, "the game is unchanged");
});

test("a joined open seat acts with the token JoinGame returns", async () => {
  const created = await tablero.createGame(claimGame([Tablero.openSeat(), Tablero.bot()], 8n));
  assert.deepEqual(created.credentials, [], "no token for an open seat");
  assert.equal(created.view!.seats[0]!.occupant, Occupant.OPEN);
  const joined = await tablero.joinGame(created.gameId, { name: "late" });
  assert.equal(joined.credential!.seat, 0);
  assert.equal(joined.view!.seats[0]!.occupant, Occupant.HUMAN);
  await refused(tablero.joinGame(created.gameId, { seat: 0, name: "later" }), Code.FailedPrecondition, "joining a taken seat");
  const me = tablero.seat(created.gameId, joined.credential!.token);
  const view = await me.view();
  assert.equal(view.viewerSeat, 0);
  const res = await me.submit(view.legalActions[0]!.id);
  assert.ok(res.view!.version > view.version);
  const listed = await tablero.listGames({ gameType: "claim" });
  assert.ok(listed.games.some((g) => g.gameId === created.gameId), "ListGames shows the game");
});
