// The Connect protocol from connect-es (@connectrpc/connect-node's Connect transport) against
// the real server: whole games in JSON and binary, over HTTP/1.1 and HTTP/2, gzip, the reads
// as GET; a watch stream to the end; every error the server gives with its code, HTTP status,
// details and trailers; connect-timeout-ms; 404 and 415 with Connect error bodies.
import assert from "node:assert/strict";
import { gzipSync } from "node:zlib";
import { after, before, test } from "node:test";
import diagnostics from "node:diagnostics_channel";
import type { ClientRequest } from "node:http";
import {
  Code,
  ConnectError,
  GameStatus,
  Tablero,
  connectProtocolNode,
  currentVersionOf,
  errorInfoOf,
  ruleIdOf,
  type ConnectProtocolOptions,
  type GameView,
} from "../src/index.js";
import { Rng, claimGame, claimOf, humanAndBot, playCard, playToEnd, startServer, twoHumans, type RunningServer, refused } from "./support.js";

let server: RunningServer;
before(async () => {
  server = await startServer();
});
after(() => server?.stop());

/**
 * A backend's Tablero over the Connect protocol, and what went over the wire as HTTP/1.1
 * (Node's http client reports each request it starts): method, RPC and whether it was gzip.
 */
function overConnect(options: ConnectProtocolOptions) {
  const sent: string[] = [];
  const { port } = new URL(server.url);
  const started = ({ request }: { request: ClientRequest }) => {
    if (request.host !== "127.0.0.1" || !request.getHeader("host")?.toString().endsWith(`:${port}`)) return;
    const rpc = request.path.split("?")[0]!.split("/").pop();
    const gzip = request.getHeader("content-encoding") === "gzip" || request.getHeader("connect-content-encoding") === "gzip" || request.path.includes("compression=gzip");
    sent.push(`${request.method} ${rpc}${gzip ? " gzip" : ""}`);
  };
  diagnostics.subscribe("http.client.request.start", started as (message: unknown) => void);
  const transport = connectProtocolNode(server.url, {
    ...options,
    // Compress every request, small ones too, so gzip is exercised on each call.
    transport: options.gzip ? { compressMinBytes: 0 } : {},
  });
  const stop = () => diagnostics.unsubscribe("http.client.request.start", started as (message: unknown) => void);
  return { tablero: new Tablero(transport, { apiKey: server.apiKey }), sent, stop };
}

const flavours: [string, ConnectProtocolOptions][] = [
  ["JSON over HTTP/1.1", {}],
  ["binary over HTTP/1.1, gzip, reads as GET", { binary: true, gzip: true, get: true }],
  ["JSON over HTTP/2, gzip, reads as GET", { httpVersion: "2", gzip: true, get: true }],
  ["binary over HTTP/2", { binary: true, httpVersion: "2" }],
];

for (const [i, [name, options]] of flavours.entries()) {
  test(`connect-es plays a whole game and watches it: ${name}`, async (t) => {
    const { tablero, sent, stop } = overConnect(options);
    const created = await tablero.createGame(claimGame(humanAndBot(), BigInt(70 + i)));
    const me = tablero.seat(created.gameId, created.credentials[0]!.token);
    const signal = AbortSignal.timeout(60_000);
    // A spectator watches the whole game over a Connect server stream.
    const watching = (async () => {
      let last: GameView | undefined;
      for await (const msg of tablero.spectator(created.gameId).watch(0n, { signal })) {
        last = msg.view;
        if (last?.status === GameStatus.FINISHED) break;
      }
      return last;
    })();
    const listed = await me.legalActions();
    assert.ok(listed.actions.length > 0, "the seat to act has legal actions");
    const final = await playToEnd([me, undefined], new Rng(70 + i));
    assert.equal(final.status, GameStatus.FINISHED);
    assert.ok(final.outcome && final.outcome.places.length === 2, "an outcome with a place per seat");
    const watched = await watching;
    assert.equal(watched?.version, final.version, "the watch saw the last version");
    assert.equal(watched?.status, GameStatus.FINISHED);
    assert.ok(claimOf(final).players.length === 2);

    stop();
    // What went over the wire (HTTP/1.1 only: an HTTP/2 stream's headers are not reported).
    if (options.httpVersion !== "2") {
      const get = options.get ?? false;
      assert.equal(sent.some((s) => s.startsWith("GET GetView")), get, `reads as GET: ${sent.slice(0, 6)}`);
      assert.equal(sent.some((s) => s.startsWith("GET ListLegalActions")), get, "ListLegalActions too");
      assert.ok(sent.some((s) => s.startsWith("POST SubmitAction")) && !sent.some((s) => s.startsWith("GET SubmitAction")), "writes are POST");
      if (options.gzip) {
        assert.ok(sent.some((s) => s === "GET GetView gzip"), "a GET's message went gzip");
        assert.ok(sent.some((s) => s === "POST SubmitAction gzip"), "a POST's body went gzip");
        assert.ok(sent.some((s) => s === "POST WatchGame gzip"), "a stream's message went gzip");
      }
    }
    t.diagnostic(`${sent.length} HTTP/1.1 requests, finished at version ${final.version}`);
  });
}

/** A plain HTTP POST of Connect JSON: the status, the content type and the body's JSON. */
async function post(path: string, body: unknown, headers: Record<string, string> = {}, contentType = "application/json") {
  const res = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": contentType, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, contentType: res.headers.get("content-type"), headers: res.headers, json: text ? JSON.parse(text) : undefined };
}

for (const binary of [false, true]) {
  test(`errors over Connect carry their code, HTTP status, details and trailers (${binary ? "binary" : "JSON"})`, async () => {
    const { tablero, stop } = overConnect({ binary });
    stop();
    const created = await tablero.createGame(claimGame(twoHumans(), 5n));
    const id = created.gameId;
    const ann = tablero.seat(id, created.credentials[0]!.token);
    const bob = tablero.seat(id, created.credentials[1]!.token);
    const view = await ann.view();
    const lead = view.legalActions[0]!.id;

    // Each error the server gives, as connect-es reads it, and as plain HTTP (the status).
    const cases: [string, () => Promise<unknown>, Code, string, unknown, number, Record<string, string>?][] = [
      ["a made-up token", () => tablero.seat(id, "tbt_made_up").view(), Code.Unauthenticated, "GetView", { gameId: id }, 401, { authorization: "Bearer tbt_made_up" }],
      ["an unknown game", () => tablero.spectator("g_" + "0".repeat(24)).view(), Code.NotFound, "GetView", { gameId: "g_" + "0".repeat(24) }, 404],
      ["a malformed game id", () => tablero.spectator("no such game").view(), Code.InvalidArgument, "GetView", { gameId: "no such game" }, 400],
      ["bob out of turn", () => bob.submit(lead, { expectedVersion: view.version }), Code.PermissionDenied, "SubmitAction",
        { gameId: id, expectedVersion: String(view.version), actionId: lead }, 403, { authorization: `Bearer ${created.credentials[1]!.token}` }],
      ["a stale version", () => ann.submitRaw({ gameId: id, expectedVersion: view.version + 7n, action: { case: "actionId", value: lead } }), Code.Aborted, "SubmitAction",
        { gameId: id, expectedVersion: String(view.version + 7n), actionId: lead }, 409, { authorization: `Bearer ${created.credentials[0]!.token}` }],
      ["a 2 MiB action id", () => ann.submitRaw({ gameId: id, action: { case: "actionId", value: "x".repeat(2 << 20) } }), Code.ResourceExhausted, "SubmitAction",
        { gameId: id, actionId: "x".repeat(2 << 20) }, 429],
    ];
    for (const [what, call, code, method, body, status, headers] of cases) {
      const err = await refused(call(), code, what);
      const raw = await post(`/tablero.v1.GameService/${method}`, body, headers);
      assert.equal(raw.status, status, `${what}: HTTP ${status}`);
      assert.equal(raw.contentType, "application/json", `${what}: a Connect error is JSON`);
      assert.equal(raw.json.code, Code[code].replace(/[A-Z]/g, (c, at) => (at ? "_" : "") + c.toLowerCase()), `${what}: the code's name`);
      if (code === Code.Aborted) {
        assert.equal(currentVersionOf(err), view.version, "the current version in the details");
        assert.equal(err.metadata.get("tablero-current-version"), String(view.version), "and in the trailer");
        assert.ok(raw.json.details?.some((d: { type: string }) => d.type === "google.rpc.ErrorInfo"), "details in the error JSON");
        assert.equal(raw.headers.get("trailer-tablero-current-version"), String(view.version), "a unary trailer is a trailer- header");
      }
    }

    // An illegal move: the rule ID in the ErrorInfo and in the trailer.
    const led = await ann.submit(lead, { expectedVersion: view.version });
    const onTable = claimOf(led.view!).trick[0]!.card!;
    const err = await refused(bob.submit(playCard(onTable), { expectedVersion: led.view!.version }), Code.FailedPrecondition, "bob plays the card on the table");
    assert.equal(ruleIdOf(err), "CLM-TRK.3");
    assert.equal(errorInfoOf(err)[0]?.reason, "RULE_VIOLATION");
    assert.equal(err.metadata.get("tablero-rule-id"), "CLM-TRK.3");

    // A stream that fails ends with the error in its end-of-stream message.
    await refused(
      (async () => {
        for await (const _ of tablero.seat(id, "tbt_made_up").watch(0n)) assert.fail("a message to a made-up token");
      })(),
      Code.Unauthenticated,
      "a watch with a made-up token",
    );
    // connect-timeout-ms: a watch of a game nobody moves ends at its deadline, as the server says.
    const started = Date.now();
    await refused(
      (async () => {
        for await (const _ of bob.watch(led.view!.version, { timeoutMs: 400 })) {
          // The first message is the current view; then nothing happens until the deadline.
        }
      })(),
      Code.DeadlineExceeded,
      "a watch past connect-timeout-ms",
    );
    assert.ok(Date.now() - started < 10_000, "the deadline ended the stream");
  });
}

test("plain HTTP: gzip answers, unknown paths 404, other media 415, GET only for reads", async () => {
  const { tablero, stop } = overConnect({});
  stop();
  const created = await tablero.createGame(claimGame(humanAndBot(), 3n));
  const token = created.credentials[0]!.token;
  // A view is more than a kilobyte: asked with accept-encoding gzip, it comes compressed.
  const res = await fetch(`${server.url}/tablero.v1.GameService/GetView`, {
    method: "POST",
    headers: { "content-type": "application/json", "accept-encoding": "gzip", authorization: `Bearer ${token}` },
    body: JSON.stringify({ gameId: created.gameId }),
  });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-encoding"), "gzip");
  const view = await res.json(); // fetch decompresses
  assert.equal(view.view.viewerSeat, 0);

  // A gzip request body the server decompresses; a corrupt one is invalid_argument.
  const zipped = await fetch(`${server.url}/tablero.v1.GameService/GetView`, {
    method: "POST",
    headers: { "content-type": "application/json", "content-encoding": "gzip" },
    body: gzipSync(JSON.stringify({ gameId: created.gameId })),
  });
  assert.equal(zipped.status, 200);
  const corrupt = await post("/tablero.v1.GameService/GetView", "not gzip", { "content-encoding": "gzip" });
  assert.deepEqual([corrupt.status, corrupt.json.code], [400, "invalid_argument"]);
  const br = await post("/tablero.v1.GameService/GetView", {}, { "content-encoding": "br" });
  assert.deepEqual([br.status, br.json.code, br.headers.get("accept-encoding")], [501, "unimplemented", "gzip, identity"]);

  const nope = await post("/tablero.v1.GameService/Nope", {});
  assert.deepEqual([nope.status, nope.json.code], [404, "unimplemented"]);
  const text = await post("/tablero.v1.GameService/GetView", "{}", {}, "text/plain");
  assert.deepEqual([text.status, text.json.code], [415, "unknown"]);
  assert.equal(text.headers.get("accept-post"), "application/json, application/proto");
  const message = encodeURIComponent(JSON.stringify({ gameId: created.gameId }));
  const got = await fetch(`${server.url}/tablero.v1.GameService/GetView?connect=v1&encoding=json&message=${message}`);
  assert.equal(got.status, 200);
  assert.equal((await got.json()).view.status, "GAME_STATUS_ACTIVE");
  const write = await fetch(`${server.url}/tablero.v1.GameService/SubmitAction?encoding=json&message=%7B%7D`);
  assert.deepEqual([write.status, write.headers.get("allow")], [405, "POST"]);
});
