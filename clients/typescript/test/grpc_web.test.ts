// The browser path: connect-web's gRPC-Web transport (fetch, HTTP/1.1) against the same tonic
// server, run here in Node (which has fetch). Create, a few moves, the error conventions, a watch.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { Code, ConnectError, GameStatus, Tablero, connectWeb, currentVersionOf, errorInfoOf, ruleIdOf } from "../src/web.js";
import { Rng, claimGame, claimOf, startServer, twoHumans, type RunningServer, refused } from "./support.js";

let server: RunningServer;
let tablero: Tablero;
before(async () => {
  server = await startServer();
  tablero = new Tablero(connectWeb(server.url), { apiKey: server.apiKey }); // a backend: it chooses seeds
});
after(() => server?.stop());

test("gRPC-Web: create, play a few moves, get the error codes and details, watch", async () => {
  assert.ok((await tablero.gameTypes()).some((t) => t.gameType === "claim"));
  const created = await tablero.createGame(claimGame(twoHumans(), 41n));
  const seats = created.credentials.map((c) => tablero.seat(created.gameId, c.token));
  const rng = new Rng(41);
  for (let i = 0; i < 6; i++) {
    const table = await tablero.spectator(created.gameId).view();
    const who = seats[table.toAct[0]!]!;
    const view = await who.view();
    const res = await who.submit(rng.pick(view.legalActions).id, { expectedVersion: view.version });
    assert.equal(res.view!.version, view.version + 1n);
  }
  const spectator = tablero.spectator(created.gameId);
  const now = await spectator.view();
  assert.equal(now.version, 6n);
  assert.equal(now.status, GameStatus.ACTIVE);
  const actor = seats[now.toAct[0]!]!;
  const idle = seats[1 - now.toAct[0]!]!;
  const mine = await actor.view();

  // FAILED_PRECONDITION with the rule ID (ErrorInfo detail, and the trailer): a card not in
  // hand, here one of the other seat's hand as seen in its own view.
  const theirs = claimOf(await idle.view()).players[idle === seats[0] ? 0 : 1]!.hand[0]!;
  const typed = { game: { case: "claim" as const, value: { kind: { case: "playCard" as const, value: { card: theirs } } } } };
  let err = await refused(actor.submit(typed, { expectedVersion: mine.version }), Code.FailedPrecondition);
  assert.equal(ruleIdOf(err), "CLM-TRK.3");
  assert.equal(errorInfoOf(err)[0]?.metadata["rule_id"], "CLM-TRK.3", "the ErrorInfo detail survives gRPC-Web");
  assert.equal(err.metadata.get("tablero-rule-id"), "CLM-TRK.3");
  // ABORTED with the current version; the helper's retry then succeeds.
  err = await refused(actor.submit(mine.legalActions[0]!.id, { expectedVersion: 1n, retries: 0 }), Code.Aborted);
  assert.equal(currentVersionOf(err), 6n);
  // PERMISSION_DENIED for the seat not to act, UNAUTHENTICATED for a made-up token.
  await refused(idle.submit(mine.legalActions[0]!.id, { expectedVersion: mine.version }), Code.PermissionDenied);
  await refused(tablero.seat(created.gameId, "nope").view(), Code.Unauthenticated);
  await refused(tablero.spectator("g_" + "0".repeat(24)).view(), Code.NotFound);
  await refused(tablero.spectator("no-such-game").view(), Code.InvalidArgument);

  // Server streaming over gRPC-Web: the watch from 0 first catches up, then sees the next move.
  const signal = AbortSignal.timeout(30_000);
  const stream = spectator.watch(0n, { signal })[Symbol.asyncIterator]();
  const catchUp = await stream.next();
  assert.equal(catchUp.done, false);
  assert.equal(catchUp.value.view?.version, 6n);
  assert.deepEqual([...new Set(catchUp.value.events.map((e: { version: bigint }) => e.version))], [0n, 1n, 2n, 3n, 4n, 5n, 6n]);
  const res = await actor.submit(mine.legalActions[0]!.id, { expectedVersion: 1n });
  assert.equal(res.view!.version, 7n, "retried at version 6 and applied");
  const next = await stream.next();
  assert.equal(next.done, false);
  assert.equal(next.value.view?.version, 7n);
  assert.deepEqual(next.value.events.map((e: { version: bigint }) => e.version).filter((v: bigint) => v !== 7n), []);
  await stream.return?.();
});

test("gRPC-Web: a browser's CORS preflight admits what connect-web sends", async () => {
  // What a browser does before connect-web's first POST from another origin (a page on a dev
  // server, say); the client never sees it, so it is checked here with a plain fetch.
  const res = await fetch(`${server.url}/tablero.v1.GameService/GetView`, {
    method: "OPTIONS",
    headers: {
      origin: "http://localhost:5173",
      "access-control-request-method": "POST",
      "access-control-request-headers": "authorization,content-type,x-grpc-web,x-user-agent,grpc-timeout",
    },
  });
  assert.ok(res.ok, `preflight status ${res.status}`);
  assert.equal(res.headers.get("access-control-allow-origin"), "http://localhost:5173");
  assert.match(res.headers.get("access-control-allow-methods") ?? "", /POST/);
  const allowed = (res.headers.get("access-control-allow-headers") ?? "").toLowerCase();
  assert.ok(allowed === "*" || ["authorization", "content-type", "x-grpc-web"].every((h) => allowed.includes(h)), allowed);
  await res.arrayBuffer();
});
