// The submit helper's contract: retry on ABORTED at the version the error carries, one
// idempotency key per intent, and the history/replay helpers.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { equals } from "@bufbuild/protobuf";
import {
  Code,
  ConnectError,
  GameViewSchema,
  Tablero,
  connectNode,
  currentVersionOf,
  errorInfoOf,
  ruleIdOf,
} from "../src/index.js";
import { Rng, claimGame, humanAndBot, playToEnd, startServer, twoHumans, type RunningServer, refused } from "./support.js";

let server: RunningServer;
let tablero: Tablero;
before(async () => {
  server = await startServer();
  tablero = new Tablero(connectNode(server.url), { apiKey: server.apiKey }); // a backend: it chooses seeds
});
after(() => server?.stop());

test("a stale expected version is ABORTED with the current version; submit retries at it", async () => {
  const created = await tablero.createGame(claimGame(twoHumans(), 31n));
  const [ann, bob] = created.credentials.map((c) => tablero.seat(created.gameId, c.token));
  // Two moves, so version 0 is stale for seat 0's next move.
  let v = await ann!.view();
  await ann!.submit(v.legalActions[0]!.id, { expectedVersion: v.version });
  v = await bob!.view();
  await bob!.submit(v.legalActions[0]!.id, { expectedVersion: v.version });
  const now = await ann!.view();
  assert.ok(now.version >= 2n);

  // Without retries the caller sees ABORTED and the current version (ErrorInfo and trailer).
  const err = await refused(ann!.submit(now.legalActions[0]!.id, { expectedVersion: 0n, retries: 0 }), Code.Aborted);
  assert.equal(currentVersionOf(err), now.version);
  assert.equal(errorInfoOf(err)[0]?.reason, "VERSION_CONFLICT");
  assert.equal(err.metadata.get("tablero-current-version"), String(now.version));
  assert.equal(ruleIdOf(err), undefined);

  // With the default retries the same stale submit goes through, applied once.
  const res = await ann!.submit(now.legalActions[0]!.id, { expectedVersion: 0n });
  assert.equal(res.view!.version, now.version + 1n, "applied once, at the current version");
  const history = await ann!.history(now.version);
  assert.deepEqual([...new Set(history.map((e) => e.version))], [now.version + 1n]);
});

test("a repeated submit with the same idempotency key applies once and returns the first result", async () => {
  const created = await tablero.createGame(claimGame(humanAndBot(), 32n));
  const me = tablero.seat(created.gameId, created.credentials[0]!.token);
  const view = await me.view();
  const key = crypto.randomUUID();
  const first = await me.submit(view.legalActions[0]!.id, { expectedVersion: view.version, idempotencyKey: key });
  // The same intent again (as after a lost reply): no ABORTED, no second move.
  const again = await me.submit(view.legalActions[0]!.id, { expectedVersion: view.version, idempotencyKey: key });
  assert.equal(again.view!.version, first.view!.version);
  assert.deepEqual(again.events.map((e) => e.summary), first.events.map((e) => e.summary));
  assert.equal((await me.view()).version, first.view!.version, "applied once");
});

test("history follows pages to the end; replayView shows earlier versions", async () => {
  const created = await tablero.createGame(claimGame(humanAndBot(), 33n));
  const me = tablero.seat(created.gameId, created.credentials[0]!.token);
  const final = await playToEnd([me], new Rng(33));
  const whole = await me.history(0);
  const paged = await me.history(0, { pageSize: 7 });
  assert.deepEqual(paged.map((e) => e.summary), whole.map((e) => e.summary), "pages of 7 versions add up to the whole");
  const versions = [...new Set(whole.map((e) => e.version))];
  assert.equal(versions.length, Number(final.version) + 1, "every version 0..final");
  const tail = await me.history(final.version - 3n, { pageSize: 1 });
  assert.deepEqual([...new Set(tail.map((e) => e.version))], [final.version - 2n, final.version - 1n, final.version]);

  const start = await me.replayView(0);
  assert.equal(start.version, 0n);
  assert.ok(equals(GameViewSchema, await me.replayView(final.version), final), "the replay of the last version is the view now");
  const mid = await me.replayView(final.version / 2n);
  assert.equal(mid.version, final.version / 2n);
  await refused(me.replayView(final.version + 1n), Code.InvalidArgument);
});

test("ruleIdOf / currentVersionOf fall back to the trailers without an ErrorInfo detail", () => {
  const onlyTrailer = new ConnectError("refused", Code.FailedPrecondition, { "tablero-rule-id": "CLM-TRK.4" });
  assert.equal(ruleIdOf(onlyTrailer), "CLM-TRK.4");
  const aborted = new ConnectError("stale", Code.Aborted, { "tablero-current-version": "42" });
  assert.equal(currentVersionOf(aborted), 42n);
  assert.equal(ruleIdOf(new Error("plain")), undefined);
  assert.equal(currentVersionOf(new ConnectError("x", Code.Aborted, { "tablero-current-version": "n/a" })), undefined);
});
