// The watch stream delivers every change: from version 0 through the end, no version missing.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { GameStatus, Tablero, connectNode, type SeatClient, type WatchGameResponse } from "../src/index.js";
import { Rng, claimGame, claimOf, humanAndBot, playToEnd, startServer, type RunningServer } from "./support.js";

let server: RunningServer;
let tablero: Tablero;
before(async () => {
  server = await startServer();
  tablero = new Tablero(connectNode(server.url), { apiKey: server.apiKey }); // a backend: it chooses seeds
});
after(() => server?.stop());

/** Collects a watch until it shows a FINISHED view (or the stream ends). */
async function collect(watcher: SeatClient, fromVersion: bigint, signal: AbortSignal): Promise<WatchGameResponse[]> {
  const got: WatchGameResponse[] = [];
  for await (const msg of watcher.watch(fromVersion, { signal })) {
    got.push(msg);
    if (msg.view?.status === GameStatus.FINISHED) break;
  }
  return got;
}

function checkCovers(got: WatchGameResponse[], from: bigint, final: bigint, who: string) {
  assert.ok(got.length > 0, `${who}: some messages`);
  const versions = new Set(got.flatMap((m) => m.events.map((e) => e.version)));
  const first = from === 0n ? 0n : from + 1n;
  for (let v = first; v <= final; v++) assert.ok(versions.has(v), `${who}: events of version ${v} delivered`);
  assert.ok([...versions].every((v) => v >= first && v <= final), `${who}: only versions ${first}..${final}`);
  // Events arrive in order, and each message's view is at least as new as its events.
  const all = got.flatMap((m) => m.events.map((e) => e.version));
  assert.deepEqual(all, [...all].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)), `${who}: events in version order`);
  let last = -1n;
  for (const m of got) {
    assert.ok(m.view, `${who}: every message carries a view`);
    assert.ok(m.view.version > last, `${who}: views move forward`);
    assert.ok(m.events.every((e) => e.version <= m.view!.version));
    last = m.view.version;
  }
  const lastView = got.at(-1)!.view!;
  assert.equal(lastView.status, GameStatus.FINISHED, `${who}: the last view is FINISHED`);
  assert.equal(lastView.version, final);
  assert.ok(lastView.outcome, `${who}: with the outcome`);
}

test("watching from version 0 while the game is played to the end delivers every version", async (t) => {
  const created = await tablero.createGame(claimGame(humanAndBot(), 21n));
  const me = tablero.seat(created.gameId, created.credentials[0]!.token);
  const signal = AbortSignal.timeout(60_000);
  // A spectator and the seat itself watch while the seat plays.
  const spectating = collect(tablero.spectator(created.gameId), 0n, signal);
  const seatWatching = collect(me, 0n, signal);
  // Give both streams a moment to open, so they see the game move rather than only its end.
  const first = await (async () => {
    for await (const msg of tablero.spectator(created.gameId).watch(0n, { signal })) return msg;
    return undefined;
  })();
  assert.equal(first?.view?.version, 0n, "the first message shows version 0");
  assert.ok(first!.events.length > 0 && first!.events.every((e) => e.version === 0n), "with the setup events");

  const final = await playToEnd([me], new Rng(21));
  const spectator = await spectating;
  const seat = await seatWatching;
  checkCovers(spectator, 0n, final.version, "spectator");
  checkCovers(seat, 0n, final.version, "seat 0");
  assert.ok(spectator.length > 2, `the spectator saw the game move (${spectator.length} messages)`);
  // The seat's own stream shows its hand; the spectator's does not.
  assert.ok(seat.some((m) => claimOf(m.view!).players[0]!.hand.length > 0));
  assert.ok(spectator.every((m) => claimOf(m.view!).players.every((p) => p.hand.length === 0)));
  // The history tells the same events as the stream.
  const history = await me.history(0);
  assert.deepEqual(history.map((e) => e.version), seat.flatMap((m) => m.events.map((e) => e.version)));
  t.diagnostic(`final version ${final.version}; spectator got ${spectator.length} messages, seat ${seat.length}`);
});

test("watching from a later version resumes after it, and a finished game's watch ends by itself", async () => {
  const created = await tablero.createGame(claimGame(humanAndBot(), 22n));
  const me = tablero.seat(created.gameId, created.credentials[0]!.token);
  const final = await playToEnd([me], new Rng(22));
  const from = final.version - 5n;
  const got: WatchGameResponse[] = [];
  // No break: the server ends the stream once it has sent the FINISHED view.
  for await (const msg of me.watch(from, { signal: AbortSignal.timeout(30_000) })) got.push(msg);
  checkCovers(got, from, final.version, "resumed");
});
