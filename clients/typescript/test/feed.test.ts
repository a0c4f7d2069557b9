// The change feed through the helpers: a backend (key with the `feed` scope) follows a game's
// changes from the start, keeps every change once and in order across a cut connection, and
// sees the same changes again when it resumes from a cursor. A webhook endpoint delivers to a
// receiver in this test by the Standard Webhooks specification, signed with both secrets of a
// rotation: the receiver verifies every delivery with the `standardwebhooks` library under each
// secret alone; the deliveries are listed with the `webhooks` scope.
import assert from "node:assert/strict";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { ChangeKind, Code, ConnectError, Tablero, connectNode, type Change } from "../src/index.js";
import { startProxy } from "./proxy.js";
import { SCOPES, startServer, type RunningServer } from "./server.js";
import { refused } from "./support.js";

/** A fresh Standard Webhooks secret: `whsec_` and the base64 of a 32-byte key. */
const whsec = () => `whsec_${randomBytes(32).toString("base64")}`;
/** The endpoint's secrets while one is rotated: the new one, then the old. */
const secrets = [whsec(), whsec()] as const;

/** The envelope's `type` for each change kind (docs/changes.md). */
const EVENT_TYPES: Record<string, string> = {
  CHANGE_KIND_GAME_CREATED: "game.created",
  CHANGE_KIND_SEAT_TO_ACT: "game.seat_to_act",
  CHANGE_KIND_GAME_FINISHED: "game.finished",
  CHANGE_KIND_DEADLINE_PASSED: "game.deadline_passed",
  CHANGE_KIND_CAMPAIGN_PLAY_FOLDED: "campaign.play_folded",
  CHANGE_KIND_SEAT_CHANGED: "game.seat_changed",
};

/** One POST the receiver got, and why it did not verify under each secret alone ("" if it did). */
interface Hook {
  headers: Record<string, string>;
  body: string;
  refused: string[];
}

/** Node's headers as the library takes them: one string per name. */
function plainHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}

/** Why `verifier` refuses the POST ("" when it verifies). */
function refusal(verifier: Webhook, body: string, headers: Record<string, string>): string {
  try {
    verifier.verify(body, headers);
    return "";
  } catch (err) {
    if (err instanceof WebhookVerificationError) return err.message || "refused";
    throw err;
  }
}

/** A webhook receiver: every POST, verified as a receiver on either secret would. */
const hooks: Hook[] = [];
let receiver: Server;
let hookUrl: string;
let server: RunningServer;
let backend: Tablero;
before(async () => {
  const verifiers = secrets.map((s) => new Webhook(s));
  receiver = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      const headers = plainHeaders(req.headers);
      const refused = verifiers.map((v) => refusal(v, body, headers));
      hooks.push({ headers, body, refused });
      // A real receiver refuses what does not verify; the tests check `refused` themselves.
      res.writeHead(refused.every((r) => r === "") ? 204 : 401).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const endpoints = join(mkdtempSync(join(tmpdir(), "tablero-hooks-")), "webhooks.toml");
  writeFileSync(
    endpoints,
    `[[endpoint]]\nname = "tests"\nurl = "${hookUrl}"\nsecrets = ["${secrets[0]}", "${secrets[1]}"]\n` +
      `kinds = ["game_created"]\n`,
  );
  server = await startServer([...SCOPES, "feed", "webhooks"], ["--webhooks", endpoints]);
  backend = new Tablero(connectNode(server.url), { apiKey: server.apiKey });
});
after(async () => {
  await server?.stop();
  receiver?.close();
});

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

/** Checks one POST by the Standard Webhooks specification; the change in its envelope. */
function checkHook(hook: Hook): { cursor: string; gameId: string; kind: string; atUnixMs: string } {
  const id = hook.headers["webhook-id"];
  assert.deepEqual(hook.refused, ["", ""], `webhook ${id} verifies under each secret alone`);
  const signatures = hook.headers["webhook-signature"]!.split(" ");
  assert.equal(signatures.length, 2, `one signature per secret while rotating: ${signatures.join(" ")}`);
  assert.ok(signatures.every((s) => s.startsWith("v1,")), signatures.join(" "));
  assert.equal(hook.headers["content-type"], "application/json");
  const envelope = JSON.parse(hook.body) as { type: string; timestamp: string; data: ReturnType<typeof checkHook> };
  assert.deepEqual(Object.keys(envelope).sort(), ["data", "timestamp", "type"], "the envelope");
  const change = envelope.data;
  assert.equal(id, `tests:${change.cursor}`, "webhook-id names the change");
  assert.equal(envelope.type, EVENT_TYPES[change.kind], `the type of ${change.kind}`);
  // Unsigned, for routing only: it must agree all the same.
  assert.equal(hook.headers["tablero-event"], change.kind.replace(/^CHANGE_KIND_/, "").toLowerCase());
  // The envelope's timestamp is the change's (RFC 3339); webhook-timestamp is the attempt's.
  assert.equal(new Date(envelope.timestamp).getTime(), Number(change.atUnixMs), envelope.timestamp);
  assert.ok(Math.abs(Number(hook.headers["webhook-timestamp"]) - Date.now() / 1000) < 120, "unix seconds, now");
  return change;
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

test("webhooks are Standard Webhooks, signed with both secrets, and their deliveries listed", async () => {
  const created = await backend.createGame({
    gameType: "claim",
    mode: "base_2p",
    seats: [Tablero.player("ann", `ann-${randomUUID()}`), Tablero.player("bob", `bob-${randomUUID()}`)],
  });
  // Delivery runs beside the write: wait (at most 30 s) until it is recorded.
  const deadline = Date.now() + 30_000;
  let listed = await backend.listWebhookDeliveries({ endpoint: "tests" });
  while (!listed.deliveries.some((d) => d.gameId === created.gameId && d.delivered)) {
    hooks.forEach(checkHook); // one that did not verify fails now, not at the deadline
    if (Date.now() > deadline) {
      const seen = listed.deliveries.map((d) => `${d.gameId} ${d.delivered} ${d.httpStatus} ${d.error}`);
      assert.fail(`no delivery of ${created.gameId} recorded; deliveries: ${seen.join("; ")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    listed = await backend.listWebhookDeliveries({ endpoint: "tests" });
  }
  assert.deepEqual(
    listed.endpoints.map((e) => [e.name, e.url, e.kinds, e.disabled, e.failingSinceUnixMs]),
    [["tests", hookUrl, [ChangeKind.GAME_CREATED], false, 0n]],
  );
  const delivery = listed.deliveries.find((d) => d.gameId === created.gameId && d.delivered)!;
  assert.deepEqual(
    [delivery.endpoint, delivery.deliveryId, delivery.kind, delivery.httpStatus, delivery.error, delivery.gaveUp, delivery.requested],
    ["tests", `tests:${delivery.cursor}`, ChangeKind.GAME_CREATED, 204, "", false, false],
  );
  // The receiver got that very delivery under its id: the change in the envelope's data.
  const mine = hooks.filter((h) => h.headers["webhook-id"] === delivery.deliveryId);
  assert.equal(mine.length, 1, `the receiver got delivery ${delivery.deliveryId} once`);
  const change = checkHook(mine[0]!);
  assert.deepEqual([change.cursor, change.gameId, change.kind], [delivery.cursor, created.gameId, "CHANGE_KIND_GAME_CREATED"]);
  hooks.forEach(checkHook); // every POST so far, the other test's game too

  // The library does refuse what was not signed so: a changed body, another secret.
  const { body, headers } = mine[0]!;
  for (const [secret, tampered] of [
    [secrets[0], body.replace("game.created", "game.finished")],
    [secrets[1], `${body} `],
    [whsec(), body],
  ] as const) {
    assert.notEqual(refusal(new Webhook(secret), tampered, headers), "", "refused");
  }
});

test("the feed and the webhook deliveries need an API key", async () => {
  const player = new Tablero(connectNode(server.url));
  const feed = player.watchChanges({ fromStart: true }, { signal: AbortSignal.timeout(30_000) });
  await refused(feed.next(), Code.Unauthenticated, "a feed without a key");
  await refused(player.listWebhookDeliveries(), Code.Unauthenticated, "webhook deliveries without a key");
});
