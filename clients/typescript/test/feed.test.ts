// The change feed through the helpers: a backend (key with the `feed` scope) follows a game's
// changes from the start, keeps every change once and in order across a cut connection, and
// sees the same changes again when it resumes from a cursor; a webhook endpoint's deliveries to a
// receiver in this test are listed with the `webhooks` scope.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { ChangeKind, Code, ConnectError, Tablero, connectNode, type Change } from "../src/index.js";
import { startProxy } from "./proxy.js";
import { SCOPES, startServer, type RunningServer } from "./server.js";

/** A webhook receiver: what it was sent. */
const hooks: { headers: IncomingHttpHeaders; body: string }[] = [];
let receiver: Server;
let hookUrl: string;
let server: RunningServer;
let backend: Tablero;
before(async () => {
  receiver = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      hooks.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const endpoints = join(mkdtempSync(join(tmpdir(), "tablero-hooks-")), "webhooks.toml");
  writeFileSync(
    endpoints,
    `[[endpoint]]\nname = "tests"\nurl = "${hookUrl}"\nsecret = "${randomUUID()}"\nkinds = ["game_created"]\n`,
  );
  server = await startServer([...SCOPES, "feed", "webhooks"], ["--webhooks", endpoints]);
  backend = new Tablero(connectNode(server.url), { apiKey: server.apiKey });
});
after(async () => {
  await server?.stop();
  receiver?.close();
});

async function refused(p: Promise<unknown>, code: Code, what: string): Promise<void> {
  try {
    await p;
  } catch (err) {
    assert.ok(err instanceof ConnectError, `${what}: a ConnectError, got ${String(err)}`);
    assert.equal(err.code, code, `${what}: ${Code[code]} expected, got ${Code[err.code]}: ${err.message}`);
    return;
  }
  assert.fail(`${what}: accepted, but must be refused with ${Code[code]}`);
}

/** The next `n` changes of a feed. */
async function take(feed: AsyncIterator<Change>, n: number): Promise<Change[]> {
  const out: Change[] = [];
  while (out.length < n) {
    const next = await feed.next();
    assert.ok(!next.done, "the feed does not end by itself");
    out.push(next.value);
  }
  return out;
}

const summary = (c: Change) => ({ cursor: c.cursor, kind: ChangeKind[c.kind], gameId: c.gameId, version: c.version });

test("a game's changes arrive once and in order across a cut connection, and again from a cursor", async (t) => {
  const signal = AbortSignal.timeout(60_000);
  const refs = [`ann-${randomUUID()}`, `bob-${randomUUID()}`];
  // The watcher reaches the server through a proxy that the test cuts.
  const proxy = await startProxy(server.url);
  t.after(() => proxy.close());
  const watcher = new Tablero(connectNode(proxy.url), { apiKey: server.apiKey });
  const feed = watcher.watchChanges({ fromStart: true, playerRef: refs[0] }, { signal });
  t.after(() => feed.return(undefined));
  const firstChange = feed.next(); // opens the stream

  const created = await backend.createGame({
    gameType: "claim",
    mode: "base_2p",
    seats: [Tablero.player("ann", refs[0]!), Tablero.player("bob", refs[1]!)],
  });
  const id = created.gameId;
  const first = await firstChange;
  assert.ok(!first.done);
  const changes = [first.value];
  assert.equal(changes[0]!.kind, ChangeKind.GAME_CREATED, "the first change is the game's creation");
  assert.equal(changes[0]!.gameId, id);
  assert.equal(changes[0]!.gameType, "claim");
  assert.deepEqual([...changes[0]!.playerRefs].sort(), [...refs].sort());

  // The connection breaks; the game moves meanwhile; the feed carries on from its last cursor.
  proxy.cut();
  const table = await backend.spectator(id).view();
  const seat = table.toAct[0]!;
  const mover = backend.seat(id, created.credentials.find((c) => c.seat === seat)!.token);
  const moved = await mover.submit((await mover.view()).legalActions[0]!.id);
  const afterMove = moved.view!;
  for (;;) {
    const [next] = await take(feed, 1);
    changes.push(next!);
    if (next!.kind === ChangeKind.SEAT_TO_ACT && next!.version === afterMove.version) break;
  }
  assert.ok(proxy.accepted >= 2, `the watcher reconnected (${proxy.accepted} connections)`);
  t.diagnostic(`changes: ${changes.map((c) => `${ChangeKind[c.kind]}@${c.version}`).join(" ")}`);

  for (const c of changes) {
    assert.equal(c.gameId, id, "only the player's game");
    assert.deepEqual([...c.playerRefs].sort(), [...refs].sort(), "with its players");
  }
  assert.equal(new Set(changes.map((c) => c.cursor)).size, changes.length, "no change twice");
  const versions = changes.map((c) => c.version);
  assert.deepEqual(versions, [...versions].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)), "in version order");
  // The seats to act after the move, each with its player.
  const toAct = changes.at(-1)!;
  assert.deepEqual(toAct.seats.map((s) => s.seat), afterMove.toAct);
  assert.deepEqual(toAct.seats.map((s) => s.playerRef), afterMove.toAct.map((s) => refs[s]));

  // From the first change's cursor: the rest again, in the same order.
  const resumed = backend.watchChanges({ cursor: changes[0]!.cursor, playerRef: refs[0] }, { signal });
  t.after(() => resumed.return(undefined));
  const again = await take(resumed, changes.length - 1);
  assert.deepEqual(again.map(summary), changes.slice(1).map(summary));
});

test("a webhook's deliveries are listed: the endpoint, and the game's creation delivered", async () => {
  const created = await backend.createGame({
    gameType: "claim",
    mode: "base_2p",
    seats: [Tablero.player("ann", `ann-${randomUUID()}`), Tablero.player("bob", `bob-${randomUUID()}`)],
  });
  // Delivery runs beside the write: wait (at most 30 s) until it is recorded.
  const deadline = Date.now() + 30_000;
  let listed = await backend.listWebhookDeliveries({ endpoint: "tests" });
  while (!listed.deliveries.some((d) => d.gameId === created.gameId && d.delivered)) {
    if (Date.now() > deadline) {
      const seen = listed.deliveries.map((d) => `${d.gameId} ${d.delivered} ${d.httpStatus} ${d.error}`);
      assert.fail(`no delivery of ${created.gameId} recorded; deliveries: ${seen.join("; ")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    listed = await backend.listWebhookDeliveries({ endpoint: "tests" });
  }
  assert.deepEqual(listed.endpoints.map((e) => [e.name, e.url, e.kinds]), [["tests", hookUrl, [ChangeKind.GAME_CREATED]]]);
  const delivery = listed.deliveries.find((d) => d.gameId === created.gameId)!;
  assert.equal(delivery.endpoint, "tests");
  assert.equal(delivery.kind, ChangeKind.GAME_CREATED);
  assert.equal(delivery.httpStatus, 204);
  assert.equal(delivery.error, "");
  // The receiver got that very delivery: its id and the change's cursor.
  const hook = hooks.find((h) => h.headers["tablero-delivery"] === delivery.deliveryId);
  assert.ok(hook, `the receiver got delivery ${delivery.deliveryId}`);
  const body = JSON.parse(hook.body) as { cursor: string; gameId: string; kind: string };
  assert.deepEqual([body.cursor, body.gameId, body.kind], [delivery.cursor, created.gameId, "CHANGE_KIND_GAME_CREATED"]);
});

test("the feed and the webhook deliveries need an API key", async () => {
  const player = new Tablero(connectNode(server.url));
  const feed = player.watchChanges({ fromStart: true }, { signal: AbortSignal.timeout(30_000) });
  await refused(feed.next(), Code.Unauthenticated, "a feed without a key");
  await refused(player.listWebhookDeliveries(), Code.Unauthenticated, "webhook deliveries without a key");
});
