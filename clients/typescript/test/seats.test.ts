// Player identity and seat management through the helpers: seats for a backend's users (refs shown
// to the key, hidden from a seat's token unless public), "games waiting for me", a reissued token,
// a seat handed to the bot and back, and a resignation that ends a 2-seat game.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, before, test } from "node:test";
import {
  Code,
  ConnectError,
  GameStatus,
  Occupant,
  SeatChangeKind,
  Tablero,
  connectNode,
  type Event,
  type GameSummary,
} from "../src/index.js";
import { startServer, type RunningServer, refused } from "./support.js";

let server: RunningServer;
let backend: Tablero;
let player: Tablero;
before(async () => {
  server = await startServer();
  backend = new Tablero(connectNode(server.url), { apiKey: server.apiKey });
  player = new Tablero(connectNode(server.url)); // a player's app: no key
});
after(() => server?.stop());

async function ids(games: AsyncIterable<GameSummary>): Promise<string[]> {
  const out: string[] = [];
  for await (const g of games) out.push(g.gameId);
  return out;
}

const seatChanges = (events: Event[]) =>
  events.filter((e) => e.seatChange !== undefined).map((e) => [e.seatChange!.seat, e.seatChange!.kind]);

test("seats of a backend's players: refs, games waiting for a player, reissue, bot and back, resign", async () => {
  const refs = [`ann-${randomUUID()}`, `bob-${randomUUID()}`];
  const created = await backend.createGame({
    gameType: "claim",
    mode: "base_2p",
    seats: [Tablero.player("ann", refs[0]!), Tablero.player("bob", refs[1]!)],
  });
  const id = created.gameId;
  const token = (seat: number) => created.credentials.find((c) => c.seat === seat)!.token;

  // The key sees both refs; a seat's token (without a key) sees none, its own included.
  const seen = await backend.spectator(id).view();
  assert.deepEqual(seen.seats.map((s) => s.playerRef), refs);
  const ann = player.seat(id, token(0));
  const annView = await ann.view();
  assert.equal(annView.viewerSeat, 0);
  assert.deepEqual(annView.seats.map((s) => s.playerRef), ["", ""]);

  // Games waiting for a player: the one to act has it, the other not (but it is among their games).
  assert.equal(seen.toAct.length, 1, "one seat acts first");
  const toAct = seen.toAct[0]!;
  assert.ok((await ids(backend.playerGames(refs[toAct]!, { toAct: true }))).includes(id), "waiting for the seat to act");
  assert.ok(!(await ids(backend.playerGames(refs[1 - toAct]!, { toAct: true }))).includes(id), "not waiting for the other");
  assert.ok((await ids(backend.playerGames(refs[1 - toAct]!))).includes(id), "among the other's games");
  await refused(ids(player.playerGames(refs[0]!)), Code.Unauthenticated, "a player's games without a key");

  // A new token for seat 1: the old one stops working at once, the new one works.
  const reissued = await backend.reissueSeatToken(id, 1);
  assert.equal(reissued.credential!.seat, 1);
  const bobToken = reissued.credential!.token;
  assert.ok(bobToken !== "" && bobToken !== token(1));
  assert.deepEqual(seatChanges(reissued.events), [[1, SeatChangeKind.TOKEN_REISSUED]]);
  await refused(player.seat(id, token(1)).view(), Code.Unauthenticated, "the old token");
  const bob = player.seat(id, bobToken);
  assert.equal((await bob.view()).viewerSeat, 1);

  // Seat 1 to the bot and back to its person, whose token works again.
  const toBot = await backend.replaceSeat(id, 1, Occupant.BOT);
  assert.equal(toBot.view!.seats[1]!.occupant, Occupant.BOT);
  assert.deepEqual(seatChanges(toBot.events), [[1, SeatChangeKind.REPLACED_BY_BOT]]);
  const back = await backend.replaceSeat(id, 1, Occupant.HUMAN);
  assert.equal(back.view!.seats[1]!.occupant, Occupant.HUMAN);
  assert.deepEqual(seatChanges(back.events), [[1, SeatChangeKind.RETURNED_TO_HUMAN]]);
  assert.equal(back.credential, undefined, "the seat had a token: no new one");
  assert.equal((await bob.view()).viewerSeat, 1);

  // Seat 0 resigns with its own token: a 2-seat game ends and seat 1 wins.
  const resigned = await ann.resign();
  assert.equal(resigned.view!.status, GameStatus.FINISHED);
  assert.deepEqual(resigned.view!.outcome!.winners, [1]);
  assert.ok(resigned.view!.seats[0]!.resigned);
  assert.deepEqual(seatChanges(resigned.events), [[0, SeatChangeKind.RESIGNED]]);
  // A resigned seat's token no longer works; the other seat's still reads the game.
  const history = await bob.history();
  assert.deepEqual(seatChanges(history), [
    [1, SeatChangeKind.TOKEN_REISSUED],
    [1, SeatChangeKind.REPLACED_BY_BOT],
    [1, SeatChangeKind.RETURNED_TO_HUMAN],
    [0, SeatChangeKind.RESIGNED],
  ]);
  await refused(ann.resign(), Code.Unauthenticated, "a resigned seat's token");
  await refused(bob.resign(), Code.FailedPrecondition, "resigning a finished game");
});

test("joining as a backend's player, with the ref made public; the backend resigns a seat", async () => {
  const refs = [`cy-${randomUUID()}`, `di-${randomUUID()}`];
  const created = await backend.createGame({ gameType: "claim", mode: "base_2p", seats: [Tablero.player("cy", refs[0]!), Tablero.openSeat()] });
  const id = created.gameId;
  await refused(player.joinGame(id, { name: "di", playerRef: refs[1] }), Code.Unauthenticated, "a ref without a key");
  const joined = await backend.joinGame(id, { name: "di", playerRef: refs[1], playerRefPublic: true });
  assert.equal(joined.credential!.seat, 1);

  // A spectator without a key sees the public ref only.
  const view = await player.spectator(id).view();
  assert.deepEqual(view.seats.map((s) => s.playerRef), ["", refs[1]]);
  assert.ok((await ids(backend.playerGames(refs[1]!, { gameType: "claim", status: GameStatus.ACTIVE }))).includes(id));

  // The backend resigns seat 1 for its player: seat 0 wins.
  const resigned = await backend.resignSeat(id, 1);
  assert.equal(resigned.view!.status, GameStatus.FINISHED);
  assert.deepEqual(resigned.view!.outcome!.winners, [0]);
  assert.deepEqual(seatChanges(resigned.events), [[1, SeatChangeKind.RESIGNED]]);
  assert.ok(!(await ids(backend.playerGames(refs[1]!, { status: GameStatus.ACTIVE }))).includes(id), "no longer active");
});
