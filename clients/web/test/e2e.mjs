// End-to-end test of the play page: the real server binary, headless Chromium (Debian's package),
// a Claim game created (listed, its seed chosen with the server's test API key) and played to the
// end by clicking, and a spectator following it live and told the seed was chosen; the lobby
// without a key (no seed, only listed games);
// then Emara, Panovník and Pantheon games played to the end; last a Kingdom Legacy kingdom founded
// in a campaign, a round played, the sitting suspended and the kingdom continued.
//
//   npm test                      (server: $TABLERO_BIN, else ../../target/debug/tablero)
//   CHROMIUM_PATH=… npm test      (browser: else /usr/bin/chromium)
//   E2E_ONLY=Kingdom npm test     (only the tests whose name contains "Kingdom")
//
// Ends with "N passed, M failed"; exit code 1 on any failure.
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdir } from "node:fs/promises";
import { createInterface } from "node:readline";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import assert from "node:assert/strict";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
const pkg = resolve(here, "..");
const bin = process.env.TABLERO_BIN || resolve(pkg, "../../target/debug/tablero");
const browserPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const resultsDir = join(pkg, "test-results");
const STEP_MS = 20_000;
const MAX_MOVES = 2_000;
/** An Emara solo game takes a few hundred actions. */
const EMARA_MAX_MOVES = 1_500;
/** A Panovník game (12 rounds) takes a hundred or two. */
const PANOVNIK_MAX_MOVES = 1_000;
/** A Pantheon game (6 epochs) with the click policy below. */
const PANTHEON_MAX_MOVES = 1_500;
/** Kingdom Legacy's first round (10 cards, a few turns) with the click policy below. */
const KINGDOM_ROUND_MAX_MOVES = 300;

// ---- a tiny runner ----
const results = [];
/** `E2E_ONLY=Kingdom npm test`: only the tests whose name contains this (and the final checks). */
const only = process.env.E2E_ONLY;
async function test(name, fn) {
  if (only && !name.includes(only) && !name.startsWith("no script errors")) return;
  const t0 = Date.now();
  try {
    await fn();
    results.push(true);
    console.log(`ok   ${name} (${Date.now() - t0} ms)`);
  } catch (e) {
    results.push(false);
    console.log(`FAIL ${name} (${Date.now() - t0} ms)\n     ${String(e?.stack ?? e).replace(/\n/g, "\n     ")}`);
  }
}

/** Deterministic pseudo-random numbers in [0, 1). */
function lcg(seed) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * The API key the server knows (every scope), made afresh per run; the server's key list holds
 * only its SHA-256. The lobby takes it to choose seeds, as a backend's operator would.
 */
const apiKey = `tbk_test_${randomBytes(24).toString("hex")}`;
const keyEntries = `[[key]]\nname = "web-tests"\nsha256 = "${createHash("sha256").update(apiKey).digest("hex")}"\nscopes = ["create", "setup", "list", "delete"]\n`;

function startServer() {
  return new Promise((resolvePromise, reject) => {
    const env = { ...process.env, TABLERO_API_KEYS: keyEntries };
    delete env.TABLERO_API_KEYS_FILE;
    const child = spawn(bin, ["--listen", "127.0.0.1:0"], { stdio: ["ignore", "pipe", "pipe"], env });
    const timer = setTimeout(() => reject(new Error("server did not start in 20 s")), 20_000);
    child.on("error", (e) => {
      clearTimeout(timer);
      reject(new Error(`cannot start ${bin}: ${e.message} (build it: cargo build -p tablero-service --bin tablero)`));
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}`));
    });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr = (stderr + d).slice(-4000)));
    const lines = createInterface({ input: child.stdout });
    lines.once("line", (line) => {
      clearTimeout(timer);
      const m = /listening on (\S+)/.exec(line);
      if (!m) return reject(new Error(`unexpected first line: ${line}\n${stderr}`));
      resolvePromise({ child, url: `http://${m[1]}`, stderr: () => stderr });
    });
  });
}

/**
 * `E2E_PAGE=dist`: the browser gets the page from this tree's `dist/` rather than the copy
 * embedded in the server binary, to test page changes against a server built before them.
 */
const pageFromDist = process.env.E2E_PAGE === "dist";

/** A browser context; with `E2E_PAGE=dist`, `/` and `/app.js` of the server come from `dist/`. */
async function newContext(options) {
  const ctx = await browser.newContext(options);
  if (pageFromDist) {
    const files = { "/": ["index.html", "text/html; charset=utf-8"], "/app.js": ["app.js", "text/javascript"] };
    await ctx.route(
      (url) => url.origin === server.url && url.pathname in files,
      (route) => {
        const [file, contentType] = files[new URL(route.request().url()).pathname];
        return route.fulfill({ path: join(pkg, "dist", file), contentType });
      },
    );
  }
  return ctx;
}

const testId = (id) => `[data-testid="${id}"]`;

/** Opens the lobby's Advanced box and chooses `seed`, with the API key it needs. */
async function chooseSeed(page, seed) {
  await page.click("text=Advanced");
  await page.fill("#api-key", apiKey);
  await page.fill("#seed", String(seed));
}

const SEED_NOTE = /^Setup: seed chosen by the creator/;

async function text(page, id) {
  return ((await page.locator(testId(id)).textContent()) ?? "").trim();
}

async function gameJson(page) {
  return JSON.parse(await page.locator(testId("game-json")).textContent());
}

/** Every player's hand in a rendered Claim view (absent = empty). */
function hands(view) {
  return (view.players ?? []).map((p) => p.hand ?? []);
}

const ACTIONS = `${testId("legal-actions")} button[data-action-id]:enabled`;

/** A uniformly random legal action. */
const anyAction = (ids, rand) => ids[Math.floor(rand() * ids.length)];

/**
 * Panovník: a random action, but one that gets the game somewhere: mostly gem bids in the
 * auction, building rather than passing, at most an occasional recolouring gem and then done
 * (never withdrawing the recolouring).
 */
function panovnikAction(ids, rand) {
  const among = (prefix) => ids.filter((id) => id.startsWith(prefix));
  if (ids.includes("recolor:done")) {
    const gems = ids.filter((id) => /^recolor:-?\d/.test(id));
    return gems.length && rand() < 0.4 ? anyAction(gems, rand) : "recolor:done";
  }
  const selects = among("select:");
  if (selects.length && rand() < 0.85) return anyAction(selects, rand);
  const gemBids = among("bid:gem:");
  if (gemBids.length && rand() < 0.75) return anyAction(gemBids, rand);
  const rest = ids.filter((id) => id !== "recolor:clear");
  return anyAction(rest.length ? rest : ids, rand);
}

/**
 * Pantheon: a random action that moves the game on: take a god tile whenever one is offered,
 * collect loot, otherwise mostly place stones; as the active player mostly a movement (with
 * every movement card), else a draw or a purchase; as a follower draw or pass (following would
 * only add clicks); effects are used, not declined; extra turns are taken.
 */
function pantheonAction(ids, rand) {
  const among = (prefix) => ids.filter((id) => id.startsWith(prefix));
  const gods = among("god:");
  if (gods.length) return anyAction(gods, rand);
  const loot = ids.filter((id) => /^place:foot:.*:loot$/.test(id));
  if (loot.length) return anyAction(loot, rand);
  const places = among("place:");
  if (places.length) return rand() < 0.9 ? anyAction(places, rand) : ids.includes("end_placement") ? "end_placement" : anyAction(places, rand);
  const moves = among("move:");
  if (moves.length) {
    const r = rand();
    if (r < 0.6) return moves.reduce((a, b) => (Number(b.split(":")[1]) > Number(a.split(":")[1]) ? b : a));
    const draws = among("draw:");
    if (r < 0.85 && draws.length) return anyAction(draws, rand);
  }
  for (const pick of ["follow:draw", "extra_turn:take"]) if (ids.includes(pick)) return pick;
  const effects = among("effect");
  if (effects.length) return anyAction(effects, rand);
  const rest = ids.filter((id) => id !== "decline" && !id.startsWith("follow:move"));
  return anyAction(rest.length ? rest : ids, rand);
}

/**
 * Plays `page`'s seat to the end: clicks an enabled legal-action button chosen by
 * `choose(ids, rand)` (default: uniformly at random), waits for the view to move on (new
 * version, not busy) and checks no error is shown; waits when it is not this seat's turn.
 * `after(moves)` runs after every move. Returns the number of moves.
 */
async function playToEnd(page, rand, maxMoves, after = async () => {}, choose = anyAction) {
  let moves = 0;
  while (moves < maxMoves) {
    if ((await text(page, "game-status")) === "FINISHED") break;
    const buttons = page.locator(ACTIONS);
    const ids = await buttons.evaluateAll((bs) => bs.map((b) => b.dataset.actionId));
    if (ids.length === 0) {
      await page.waitForFunction(
        (sel) => document.querySelector(sel.status)?.textContent === "FINISHED" || document.querySelectorAll(sel.buttons).length > 0,
        { status: testId("game-status"), buttons: ACTIONS },
      );
      continue;
    }
    const before = await text(page, "game-version");
    const id = choose(ids, rand);
    await page.locator(`${testId("legal-actions")} button[data-action-id="${id}"]`).click();
    await page.waitForFunction(
      (a) =>
        document.querySelector(a.version)?.textContent !== a.before &&
        document.querySelector(a.actions)?.getAttribute("aria-busy") === "false",
      { version: testId("game-version"), actions: testId("legal-actions"), before },
    );
    assert.equal(await text(page, "error"), "", `no error after ${id} (move ${moves + 1}, version ${before})`);
    moves++;
    await after(moves);
  }
  return moves;
}

function watchErrors(page, label, errors) {
  page.on("pageerror", (e) => errors.push(`${label}: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`${label} console: ${m.text()}`);
  });
  page.on("response", (r) => {
    if (r.status() >= 400) errors.push(`${label}: HTTP ${r.status()} for ${r.url()}`);
  });
}

const t0 = Date.now();
let server;
let browser;
const pageErrors = [];
try {
  server = await startServer();
  console.log(`server ${server.url} (${bin})`);
  await mkdir(resultsDir, { recursive: true });
  browser = await chromium.launch({
    executablePath: browserPath,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
  const player = await (await newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  watchErrors(player, "player", pageErrors);
  player.setDefaultTimeout(STEP_MS);
  let gameId = "";
  let spectator;

  await test("the server serves the page at / and the bundle at /app.js", async () => {
    const index = await fetch(`${server.url}/`);
    assert.equal(index.status, 200);
    assert.match(index.headers.get("content-type") ?? "", /text\/html/);
    assert.match(await index.text(), /<script src="app.js"/);
    const js = await fetch(`${server.url}/app.js`);
    assert.equal(js.status, 200);
    assert.ok((await js.text()).length > 10_000, "app.js is the real bundle");
  });

  await test("creates a listed Claim base_2p game (you + a bot) with a chosen seed through the lobby", async () => {
    await player.goto(`${server.url}/`);
    await player.locator('#game-type option[value="claim"]').waitFor({ state: "attached" });
    await player.selectOption("#game-type", "claim");
    await player.selectOption("#mode", "base_2p");
    await player.selectOption("#occupant-0", "human");
    await player.fill("#name-0", "Tester");
    await player.selectOption("#occupant-1", "bot");
    await player.check("#listed");
    await chooseSeed(player, 7);
    await player.click("#create-game");
    await player.waitForURL(/[?&]game=/);
    gameId = new URL(player.url()).searchParams.get("game");
    await player.waitForFunction(
      (sel) => /^(ACTIVE|FINISHED)$/.test(document.querySelector(sel)?.textContent ?? ""),
      testId("game-status"),
    );
    assert.match(await text(player, "viewer"), /^Seat 0 Tester$/);
    const seats = await player.locator(`${testId("seats")} tbody tr`).count();
    assert.equal(seats, 2);
    // The owner sees their own hand.
    await player.waitForFunction((sel) => document.querySelector(sel)?.textContent?.includes('"players"'), testId("game-json"));
    const mine = hands(await gameJson(player));
    assert.ok(mine[0].length > 0, "seat 0 sees its hand");
    assert.equal(mine[1].length, 0, "seat 0 does not see the bot's hand");
    assert.ok((await player.locator(`${testId("event-log")} li`).count()) > 0, "setup events are in the log");
    await player.locator(testId("setup-note")).waitFor({ state: "visible" });
    assert.match(await text(player, "setup-note"), SEED_NOTE);
    assert.equal(await player.locator(testId("clock")).isVisible(), false, "an untimed game shows no clock");
  });

  await test("a spectator (no token) sees no hand cards and no actions", async () => {
    const ctx = await newContext({ viewport: { width: 1280, height: 900 } });
    spectator = await ctx.newPage();
    watchErrors(spectator, "spectator", pageErrors);
    spectator.setDefaultTimeout(STEP_MS);
    await spectator.goto(`${server.url}/?game=${gameId}`);
    await spectator.waitForFunction((sel) => document.querySelector(sel)?.textContent === "Spectator", testId("viewer"));
    await spectator.waitForFunction((sel) => document.querySelector(sel)?.textContent?.includes('"players"'), testId("game-json"));
    const hs = hands(await gameJson(spectator));
    assert.equal(hs.length, 2);
    assert.deepEqual(hs, [[], []], "no hand cards of either seat");
    assert.equal(await spectator.locator(`${testId("legal-actions")} button`).count(), 0);
    // Whoever joins is told the creator chose the seed.
    assert.match(await text(spectator, "setup-note"), SEED_NOTE);
    // A bad token is refused with its gRPC code.
    await spectator.fill("#paste-token", "not-a-token");
    await spectator.click("text=Take seat with token");
    await spectator.waitForFunction((sel) => /UNAUTHENTICATED|INVALID_ARGUMENT/.test(document.querySelector(sel)?.textContent ?? ""), testId("error"));
  });

  await test("plays the game to the end by clicking legal actions (with a reload on the way)", async () => {
    const moves = await playToEnd(player, lcg(20240601), MAX_MOVES, async (n) => {
      if (n === 5) {
        // A reload resumes the seat from localStorage.
        const version = await text(player, "game-version");
        await player.reload();
        await player.waitForFunction((a) => document.querySelector(a.v)?.textContent === a.version, { v: testId("game-version"), version });
        assert.match(await text(player, "viewer"), /^Seat 0/);
        await player.screenshot({ path: join(resultsDir, "claim-playing.png"), fullPage: true });
      }
    });
    console.log(`     ${moves} moves, final version ${await text(player, "game-version")}`);
    assert.equal(await text(player, "game-status"), "FINISHED");
    assert.equal(await text(player, "to-act"), "—");
    const outcome = player.locator(testId("outcome"));
    await outcome.waitFor({ state: "visible" });
    assert.match(await text(player, "winners"), /^(Winners?: Seat \d|Draw)/);
    assert.equal(await player.locator(`${testId("places")} li`).count(), 2);
    assert.equal(await player.locator(`${testId("legal-actions")} button`).count(), 0);
    await player.locator(`${testId("event-log")} li`).last().scrollIntoViewIfNeeded();
    await player.screenshot({ path: join(resultsDir, "claim-finished.png"), fullPage: true });
  });

  await test("the spectator followed live to FINISHED and still sees no hands", async () => {
    await spectator.waitForFunction((sel) => document.querySelector(sel)?.textContent === "FINISHED", testId("game-status"));
    await spectator.locator(testId("outcome")).waitFor({ state: "visible" });
    assert.equal(await text(spectator, "game-version"), await text(player, "game-version"));
    assert.deepEqual(hands(await gameJson(spectator)).flat(), [], "no hand cards of either seat");
    const logs = [await spectator.locator(`${testId("event-log")} li`).count(), await player.locator(`${testId("event-log")} li`).count()];
    assert.ok(logs[0] > 10, `spectator log has events (${logs[0]})`);
    await spectator.screenshot({ path: join(resultsDir, "claim-spectator.png"), fullPage: true });
  });

  await test("the lobby lists the finished game (status filter), marked as seeded", async () => {
    await spectator.click("text=← All games");
    await spectator.selectOption("#filter-status", { label: "Finished" });
    const row = spectator.locator(`tr[data-game-id="${gameId}"]`);
    await row.waitFor();
    assert.match(await row.textContent(), /FINISHED/);
    assert.equal(await row.locator(testId("setup-badge")).textContent(), "seed chosen");
    await spectator.selectOption("#filter-status", { label: "Active" });
    await spectator.waitForFunction((id) => !document.querySelector(`tr[data-game-id="${id}"]`), gameId);
    await spectator.screenshot({ path: join(resultsDir, "lobby.png"), fullPage: true });
  });

  await test("open seats: join, a stale join (FAILED_PRECONDITION + rule ID), a stale move (ABORTED + version), live turns", async () => {
    // Seat 0: this browser; seat 1 open.
    await player.goto(`${server.url}/`);
    await player.locator('#game-type option[value="claim"]').waitFor({ state: "attached" });
    await player.selectOption("#game-type", "claim");
    await player.selectOption("#mode", "base_2p");
    await player.selectOption("#occupant-1", "open");
    await player.check("#listed"); // so that someone finds it in the lobby
    await player.click("#create-game");
    await player.waitForURL(/[?&]game=/);
    const id = new URL(player.url()).searchParams.get("game");
    await player.waitForFunction((sel) => document.querySelector(sel)?.textContent === "ACTIVE", testId("game-status"));
    assert.equal(await player.locator(testId("setup-note")).isVisible(), false, "a random deal needs no note");
    const url = `${server.url}/?game=${id}`;
    const blockWatch = (page) => page.route("**/tablero.v1.GameService/WatchGame", (r) => r.abort());

    // A stale spectator (its watch blocked) still offers the open seat.
    const stale = await (await newContext()).newPage();
    stale.setDefaultTimeout(STEP_MS);
    await blockWatch(stale);
    await stale.goto(url);
    await stale.locator('[data-join-seat="1"]').waitFor();

    // Someone else joins seat 1 from the lobby list.
    const other = await (await newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    watchErrors(other, "other", pageErrors);
    other.setDefaultTimeout(STEP_MS);
    await other.goto(`${server.url}/`);
    await other.locator(`tr[data-game-id="${id}"] [data-join-seat="1"]`).click();
    await other.waitForFunction((sel) => /^Seat 1/.test(document.querySelector(sel)?.textContent ?? ""), testId("viewer"));
    // Seat 0 sees the seat taken, live.
    await player.waitForFunction((sel) => document.querySelector(sel)?.textContent?.includes("human"), `${testId("seats")} tr[data-seat="1"]`);

    await stale.locator('[data-join-seat="1"]').click();
    await stale.waitForFunction((sel) => /FAILED_PRECONDITION/.test(document.querySelector(sel)?.textContent ?? ""), testId("error"));
    assert.equal(await text(stale, "rule-id"), "rule SEAT");

    // A second tab of seat 0 with its watch blocked goes stale after the first tab moves.
    const whoActs = async (page) => text(page, "to-act");
    const mover = /^Seat 0/.test(await whoActs(player)) ? player : other;
    const second = await mover.context().newPage();
    second.setDefaultTimeout(STEP_MS);
    await blockWatch(second);
    await second.goto(url);
    const firstButton = `${testId("legal-actions")} button[data-action-id]`;
    await second.locator(firstButton).first().waitFor();
    const before = await text(mover, "game-version");
    await mover.locator(firstButton).first().click();
    await mover.waitForFunction((a) => document.querySelector(a.v)?.textContent !== a.before, { v: testId("game-version"), before });
    const now = await text(mover, "game-version");
    await second.locator(firstButton).first().click();
    await second.waitForFunction((sel) => /ABORTED/.test(document.querySelector(sel)?.textContent ?? ""), testId("error"));
    assert.equal(await text(second, "current-version"), `(current version ${now})`);
    await second.waitForFunction((a) => document.querySelector(a.v)?.textContent === a.now, { v: testId("game-version"), now });

    // The other human sees their turn arrive over the watch and moves; seat 0 sees it live.
    const next = mover === player ? other : player;
    await next.locator(firstButton).first().waitFor();
    await next.locator(firstButton).first().click();
    await mover.waitForFunction((a) => Number(document.querySelector(a.v)?.textContent) > Number(a.now), { v: testId("game-version"), now });
    for (const p of [stale, second, other]) await p.context().close().catch(() => {});
  });

  await test("a timed Claim game (60 s per move) shows the clock counting down on the server's time", async () => {
    const page = await (await newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    watchErrors(page, "timed", pageErrors);
    page.setDefaultTimeout(STEP_MS);
    // A browser clock an hour fast: the countdown runs on the server's time, so it must not matter.
    await page.addInitScript(() => {
      const skew = 3_600_000;
      const realNow = Date.now.bind(Date);
      Date.now = () => realNow() + skew;
    });
    await page.goto(`${server.url}/`);
    await page.locator('#game-type option[value="claim"]').waitFor({ state: "attached" });
    await page.selectOption("#game-type", "claim");
    await page.selectOption("#mode", "base_2p");
    await page.selectOption("#occupant-0", "human");
    await page.selectOption("#occupant-1", "bot");
    await page.fill("#per-move-secs", "60");
    await page.click("#create-game");
    await page.waitForURL(/[?&]game=/);
    await page.waitForFunction((sel) => document.querySelector(sel)?.textContent === "ACTIVE", testId("game-status"));
    await page.locator(testId("clock")).waitFor({ state: "visible" });
    assert.match(await text(page, "clock-control"), /60 s per move/);
    // The bot moves at once when it starts, so the page's seat (0) is the one on the clock.
    const mine = page.locator(`${testId("clock-seat")}[data-seat="0"]`);
    const bot = page.locator(`${testId("clock-seat")}[data-seat="1"]`);
    assert.equal(await mine.getAttribute("data-running"), "true");
    assert.equal(await mine.getAttribute("aria-current"), "true", "the viewer's own seat is highlighted");
    assert.match((await mine.getAttribute("class")) ?? "", /\bmine\b/);
    assert.equal(await bot.getAttribute("data-running"), "false");
    assert.equal(((await bot.locator(testId("clock-left")).textContent()) ?? "").trim(), "—");
    const seconds = async () => {
      const t = ((await mine.locator(testId("clock-left")).textContent()) ?? "").trim();
      const m = /^(\d+):(\d\d)$/.exec(t);
      assert.ok(m, `a m:ss countdown, got "${t}"`);
      return Number(m[1]) * 60 + Number(m[2]);
    };
    const first = await seconds();
    assert.ok(first > 45 && first <= 60, `about a minute left, got ${first} s`);
    await page.waitForTimeout(2_200);
    const later = await seconds();
    assert.ok(later < first && later >= first - 4, `counting down: ${first} s, then ${later} s ~2 s later`);
    await page.screenshot({ path: join(resultsDir, "timed-game.png"), fullPage: true });
    await page.context().close();
  });

  await test("without a key the lobby offers no seed, and an unlisted game stays out of its list", async () => {
    const page = await (await newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    watchErrors(page, "unlisted", pageErrors);
    page.setDefaultTimeout(STEP_MS);
    await page.goto(`${server.url}/`);
    await page.locator('#game-type option[value="claim"]').waitFor({ state: "attached" });
    await page.click("text=Advanced");
    assert.equal(await page.locator("#seed").isDisabled(), true, "no seed without an API key");
    await page.fill("#api-key", "typed and cleared");
    assert.equal(await page.locator("#seed").isDisabled(), false, "a key enables the seed");
    await page.fill("#api-key", "");
    assert.equal(await page.locator("#seed").isDisabled(), true);
    // A seed with a wrong key is refused, with its gRPC code.
    await page.fill("#api-key", "tbk_not_a_key");
    await page.fill("#seed", "9");
    await page.click("#create-game");
    await page.waitForFunction((sel) => /UNAUTHENTICATED/.test(document.querySelector(sel)?.textContent ?? ""), testId("create-error"));
    // Unlisted (the box left unticked), random: reachable by its link only.
    await page.fill("#api-key", "");
    await page.selectOption("#game-type", "claim");
    await page.selectOption("#mode", "base_2p");
    assert.equal(await page.locator("#listed").isChecked(), false, "unlisted unless ticked");
    await page.click("#create-game");
    await page.waitForURL(/[?&]game=/);
    const unlisted = new URL(page.url()).searchParams.get("game");
    await page.waitForFunction((sel) => document.querySelector(sel)?.textContent === "ACTIVE", testId("game-status"));
    assert.equal(await page.locator(testId("setup-note")).isVisible(), false);
    await page.click("text=← All games");
    await page.locator(`tr[data-game-id="${gameId}"]`).waitFor(); // the listed one, once the list is in
    assert.equal(await page.locator(`tr[data-game-id="${unlisted}"]`).count(), 0, "the unlisted game is not listed");
    await page.context().close();
  });

  await test("creates a Crown of Emara solo game (against Victoria) and plays it to the end by clicking", async () => {
    // A context of its own (the open-seats scenario closes the player's).
    const player = await (await newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    watchErrors(player, "emara", pageErrors);
    player.setDefaultTimeout(STEP_MS);
    await player.goto(`${server.url}/`);
    await player.locator('#game-type option[value="emara"]').waitFor({ state: "attached" });
    await player.selectOption("#game-type", "emara");
    await player.selectOption("#mode", "solo");
    assert.equal(await player.locator(`${testId("seat-rows")} .seat-row`).count(), 1, "solo has one seat");
    await player.selectOption("#occupant-0", "human");
    await player.fill("#name-0", "Soloist");
    await chooseSeed(player, 11);
    await player.click("#create-game");
    await player.waitForURL(/[?&]game=/);
    await player.waitForFunction((sel) => document.querySelector(sel)?.textContent === "ACTIVE", testId("game-status"));
    assert.match(await text(player, "viewer"), /^Seat 0 Soloist$/);
    assert.equal(await player.locator(`${testId("seats")} tbody tr`).count(), 1);
    assert.match(await player.locator("#state-h").textContent(), /EmaraView/);
    await player.screenshot({ path: join(resultsDir, "emara-playing.png"), fullPage: true });

    const moves = await playToEnd(player, lcg(8675309), EMARA_MAX_MOVES);
    console.log(`     ${moves} moves, final version ${await text(player, "game-version")}`);
    assert.equal(await text(player, "game-status"), "FINISHED", `finished within ${EMARA_MAX_MOVES} moves`);
    assert.equal(await text(player, "to-act"), "—");
    await player.locator(testId("outcome")).waitFor({ state: "visible" });
    console.log(`     outcome: ${await text(player, "winners")} / ${await text(player, "places")}`);
    assert.match(await text(player, "winners"), /^(Winner: Seat 0|No winner)/);
    assert.match(await text(player, "outcome-reason"), /Victoria/, "the reason names the automaton's result");
    assert.equal(await player.locator(`${testId("places")} li`).count(), 1);
    assert.equal(await player.locator(`${testId("legal-actions")} button`).count(), 0);
    const view = await gameJson(player);
    assert.ok(view.victoria && view.score, "the Emara view carries Victoria and the final score");
    // The event log stayed scrolled to its newest entry.
    const gap = await player.locator(".log-box").evaluate((b) => b.scrollHeight - b.scrollTop - b.clientHeight);
    assert.ok(gap <= 2, `event log shows the newest event (${gap}px below)`);
    await player.screenshot({ path: join(resultsDir, "emara-finished.png"), fullPage: true });
    await player.context().close();
  });

  await test("creates a Panovník game (you + a bot + a virtual opponent) and plays it to the end; the pyramids show every placed card", async () => {
    const player = await (await newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    watchErrors(player, "panovnik", pageErrors);
    player.setDefaultTimeout(STEP_MS);
    await player.goto(`${server.url}/`);
    await player.locator('#game-type option[value="panovnik"]').waitFor({ state: "attached" });
    await player.selectOption("#game-type", "panovnik");
    await player.selectOption("#mode", "two_player_one_virtual");
    assert.equal(await player.locator(`${testId("seat-rows")} .seat-row`).count(), 2, "two real players");
    await player.selectOption("#occupant-0", "human");
    await player.fill("#name-0", "Viceroy");
    await player.selectOption("#occupant-1", "bot");
    await chooseSeed(player, 5);
    await player.click("#create-game");
    await player.waitForURL(/[?&]game=/);
    await player.waitForFunction((sel) => document.querySelector(sel)?.textContent === "ACTIVE", testId("game-status"));
    assert.match(await text(player, "viewer"), /^Seat 0 Viceroy$/);
    assert.match(await player.locator("#state-h").textContent(), /PanovnikView/);
    // The table, not the generic tree: phase line, supply, one pyramid area per real player.
    await player.locator(testId("panovnik")).waitFor();
    assert.match(await text(player, "pnv-phase"), /^(Setup|Round \d+ of 12) · /);
    assert.equal(await player.locator(`${testId("pnv-player")}`).count(), 2);
    assert.equal(await player.locator(`${testId("pyramid")}`).count(), 2);
    // Setup: the sealed starting-card choice, with the two dealt characters on show.
    await player.locator(`${testId("pnv-sealed")}`).waitFor();
    assert.match(await text(player, "pnv-sealed"), /Starting-card choice \(sealed\)/);
    await player.screenshot({ path: join(resultsDir, "panovnik-start.png"), fullPage: true });

    // Seen along the way: the bot's sealed commit shown while this seat is awaited, an own
    // pending sealed choice is never needed (the bot commits first), placed cards in the SVG.
    let sawCommitted = false;
    let sawCard = false;
    let midShot = false;
    const moves = await playToEnd(
      player,
      lcg(4242),
      PANOVNIK_MAX_MOVES,
      async () => {
        if (!sawCommitted && (await player.locator('[data-committed="1"]').count()) > 0) sawCommitted = true;
        if (!sawCard && (await player.locator(`${testId("pyramid")}[data-seat="0"] g[data-card]`).count()) > 1) sawCard = true;
        if (!midShot && (await text(player, "pnv-phase")).startsWith("Round 6")) {
          midShot = true;
          await player.screenshot({ path: join(resultsDir, "panovnik-playing.png"), fullPage: true });
        }
      },
      panovnikAction,
    );
    console.log(`     ${moves} moves, final version ${await text(player, "game-version")}`);
    assert.equal(await text(player, "game-status"), "FINISHED", `finished within ${PANOVNIK_MAX_MOVES} moves`);
    assert.ok(sawCommitted, "the bot's committed sealed choice was shown while this seat was awaited");
    assert.ok(sawCard, "placed cards appeared in the pyramid during the game");
    await player.locator(testId("outcome")).waitFor({ state: "visible" });
    assert.equal(await player.locator(`${testId("places")} li`).count(), 2);
    assert.equal(await player.locator(`${testId("legal-actions")} button`).count(), 0);
    assert.match(await text(player, "pnv-phase"), /the game is over/);

    // Every placed card of every pyramid is in its SVG, at its level and column.
    const view = await gameJson(player);
    assert.equal(view.players.length, 2);
    for (const p of view.players) {
      const seat = p.seat ?? 0;
      const svg = player.locator(`svg${testId("pyramid")}[data-seat="${seat}"]`);
      const drawn = await svg.locator("g[data-card]").evaluateAll((gs) =>
        gs.map((g) => `${g.dataset.card}@${g.dataset.level}:${g.dataset.x}`).sort(),
      );
      const placed = p.pyramid.map((c) => `${c.card.order}@${c.level}:${c.x ?? 0}`).sort();
      assert.deepEqual(drawn, placed, `seat ${seat}'s pyramid SVG shows its cards`);
      assert.ok(placed.length >= 2, `seat ${seat} placed cards (${placed.length})`);
      // Each card's four segments are drawn (paths inside the card group).
      const segs = await svg.locator("g[data-card]").first().locator("path").count();
      assert.ok(segs >= 4, "a card shows its four segments");
    }
    // The final score by the seven steps, one row per seat.
    assert.equal(await player.locator(`${testId("pnv-scores")} tbody tr`).count(), 2);
    assert.equal(view.scores.length, 2);
    await player.screenshot({ path: join(resultsDir, "panovnik-finished.png"), fullPage: true });
    await player.context().close();
  });

  await test("creates a Pantheon game (you + 2 bots) and plays it to the end; the SVG board shows the temple and every stone", async () => {
    const player = await (await newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    watchErrors(player, "pantheon", pageErrors);
    player.setDefaultTimeout(STEP_MS);
    await player.goto(`${server.url}/`);
    await player.locator('#game-type option[value="pantheon"]').waitFor({ state: "attached" });
    await player.selectOption("#game-type", "pantheon");
    await player.selectOption("#mode", "three_player");
    assert.equal(await player.locator(`${testId("seat-rows")} .seat-row`).count(), 3, "three players");
    await player.selectOption("#occupant-0", "human");
    await player.fill("#name-0", "Newcomer");
    await player.selectOption("#occupant-1", "bot");
    await player.selectOption("#occupant-2", "bot");
    await chooseSeed(player, 3);
    await player.click("#create-game");
    await player.waitForURL(/[?&]game=/);
    await player.waitForFunction((sel) => document.querySelector(sel)?.textContent === "ACTIVE", testId("game-status"));
    assert.match(await text(player, "viewer"), /^Seat 0 Newcomer$/);
    assert.match(await player.locator("#state-h").textContent(), /PantheonView/);
    await player.locator(testId("pantheon")).waitFor();
    assert.match(await text(player, "pth-phase"), /^Epoch 1 of 6 · /);
    assert.equal(await player.locator(testId("pth-player")).count(), 3);
    // The whole map: 24 × 13 spaces, the temple on the rising nation's main space.
    const board = player.locator(`svg${testId("pth-board")}`);
    assert.equal(await board.locator("g[data-space]").count(), 312);
    const templeAt = async () => {
      const view = await gameJson(player);
      const drawn = await board.locator('g[data-space][data-contents~="temple"]').evaluateAll((gs) => gs.map((g) => g.dataset.space));
      return { view, drawn };
    };
    let { view, drawn } = await templeAt();
    assert.ok(view.temple, "the temple is on the board");
    assert.deepEqual(drawn, [view.temple], "the SVG shows the temple where the view has it");
    assert.equal(await board.locator(`g[data-space="${view.temple}"]`).getAttribute("data-kind"), "main");
    await player.screenshot({ path: join(resultsDir, "pantheon-start.png"), fullPage: true });

    /** The human's stones in the view and in the SVG, as sorted `space:type` lists (read at once). */
    const myStones = () =>
      player.evaluate((ids) => {
        const v = JSON.parse(document.querySelector(ids.json).textContent);
        const inView = v.board.spaces
          .flatMap((sp) => sp.stones.filter((st) => (st.seat ?? 0) === 0).map((st) => `${sp.id}:${st.stone === "PANTHEON_STONE_PILLAR" ? "pillar" : "footprint"}`))
          .sort();
        const inSvg = [...document.querySelectorAll(`svg${ids.board} g[data-space]`)]
          .flatMap((g) => (g.dataset.contents ?? "").split(" ").filter((c) => /^(pillar|footprint)-0$/.test(c)).map((c) => `${g.dataset.space}:${c.split("-")[0]}`))
          .sort();
        return { inView, inSvg };
      }, { json: testId("game-json"), board: testId("pth-board") });
    let placedSome = 0;
    let midShot = false;
    const t1 = Date.now();
    const moves = await playToEnd(
      player,
      lcg(777),
      PANTHEON_MAX_MOVES,
      async (n) => {
        if (n % 10 === 0 || placedSome === 0) {
          const { inView, inSvg } = await myStones();
          assert.deepEqual(inSvg, inView, `the SVG shows the human's stones (move ${n})`);
          placedSome = Math.max(placedSome, inView.length);
        }
        if (!midShot && /^Epoch 3 /.test(await text(player, "pth-phase"))) {
          midShot = true;
          await player.screenshot({ path: join(resultsDir, "pantheon-playing.png"), fullPage: true });
        }
      },
      pantheonAction,
    );
    console.log(`     ${moves} moves in ${((Date.now() - t1) / 1000).toFixed(1)} s, final version ${await text(player, "game-version")}`);
    assert.equal(await text(player, "game-status"), "FINISHED", `finished within ${PANTHEON_MAX_MOVES} moves`);
    assert.ok(placedSome > 0, "the human placed stones during the game");
    await player.locator(testId("outcome")).waitFor({ state: "visible" });
    assert.equal(await player.locator(`${testId("places")} li`).count(), 3);
    assert.equal(await player.locator(`${testId("legal-actions")} button`).count(), 0);
    assert.match(await text(player, "pth-phase"), /the game is over/);
    // At the end: the pillars stay on the board; what is there matches the view.
    const { inView, inSvg } = await myStones();
    assert.deepEqual(inSvg, inView, "the SVG shows the human's stones at the end");
    view = await gameJson(player);
    const stonesInView = view.board.spaces.reduce((a, sp) => a + sp.stones.length, 0);
    const stonesInSvg = await board.locator("g.pth-stone").count();
    assert.equal(stonesInSvg, stonesInView, "every stone on the board is drawn");
    assert.equal(await player.locator(`${testId("pth-scores")} tbody tr`).count(), 3);
    await player.screenshot({ path: join(resultsDir, "pantheon-finished.png"), fullPage: true });
    await board.screenshot({ path: join(resultsDir, "pantheon-board.png") });
    await player.context().close();
  });

  await test("Kingdom Legacy: a kingdom is founded in a campaign, round 1 played by clicking, the sitting suspended and the kingdom continued", async () => {
    const player = await (await newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    watchErrors(player, "kingdom_legacy", pageErrors);
    player.setDefaultTimeout(STEP_MS);
    await player.goto(`${server.url}/`);
    await player.locator('#campaign-type option[value="kingdom_legacy"]').waitFor({ state: "attached" });
    await player.selectOption("#campaign-type", "kingdom_legacy");
    await player.fill("#campaign-name", "Realm");
    await player.click("#create-campaign");
    await player.waitForURL(/[?&]campaign=/);
    const campaignId = new URL(player.url()).searchParams.get("campaign");
    assert.match(campaignId, /^c_/);
    await player.locator("#start-sitting").waitFor();
    assert.equal(await player.locator("#start-sitting").textContent(), "Start the next sitting");
    assert.match(await text(player, "campaign-state"), /ready for the next sitting/);
    await player.locator(testId("klg-campaign")).waitFor();
    // Listing every campaign takes a backend's key: the lobby shows this browser's own.
    await player.click("text=← All games");
    await player.locator(`tr[data-campaign-id="${campaignId}"]`).waitFor();
    assert.match(await text(player, "campaigns-note"), /^Your campaigns/);
    await player.locator(`tr[data-campaign-id="${campaignId}"] a.button`).click();
    await player.waitForURL(/[?&]campaign=/);
    await player.locator("#start-sitting").waitFor();

    // The first sitting: a brand-new kingdom, round 1 under way.
    await player.click("#start-sitting");
    await player.waitForURL(/[?&]game=/);
    await player.waitForFunction((sel) => document.querySelector(sel)?.textContent === "ACTIVE", testId("game-status"));
    await player.locator(testId("kingdom-legacy")).waitFor();
    assert.match(await player.locator("#state-h").textContent(), /KingdomLegacyView/);
    assert.match(await text(player, "klg-round"), /^Round 1 of the base game/);
    const cards = player.locator(`${testId("klg-active")} .klg-card`);
    assert.ok((await cards.count()) >= 1, "the turn's cards are in the active zone");
    // Each card box: the banner coloured by category, the stage's orientation, other stages smaller.
    const first = cards.first();
    assert.match(await first.locator(".klg-banner").textContent(), /^#\d+/);
    assert.match((await first.getAttribute("data-orientation")) ?? "", /^(F|B)(0|180)$/);
    assert.ok(await first.locator(".klg-banner").evaluate((b) => getComputedStyle(b).backgroundColor !== "rgba(0, 0, 0, 0)"));
    assert.match(await text(player, "klg-deck"), /^Deck: \d+ cards?/);
    await player.screenshot({ path: join(resultsDir, "kingdom-legacy-turn.png"), fullPage: true });

    // The reset is set apart (its own group, last, marked) and only asks: confirm or cancel.
    const groups = player.locator(`${testId("legal-actions")} .action-group`);
    const lastGroup = groups.nth((await groups.count()) - 1);
    assert.match(await lastGroup.getAttribute("class"), /\bdanger\b/);
    assert.deepEqual(await lastGroup.locator("button").evaluateAll((bs) => bs.map((b) => b.dataset.actionId)), ["reset_campaign"]);
    const clickAndWait = async (id) => {
      const before = await text(player, "game-version");
      await player.locator(`${testId("legal-actions")} button[data-action-id="${id}"]`).click();
      await player.waitForFunction(
        (a) => document.querySelector(a.version)?.textContent !== a.before && document.querySelector(a.actions)?.getAttribute("aria-busy") === "false",
        { version: testId("game-version"), actions: testId("legal-actions"), before },
      );
    };
    const activeBefore = await cards.evaluateAll((cs) => cs.map((c) => c.dataset.card));
    await clickAndWait("reset_campaign");
    await player.locator(testId("klg-reset-asked")).waitFor();
    assert.deepEqual(
      await player.locator(ACTIONS).evaluateAll((bs) => bs.map((b) => b.dataset.actionId)),
      ["reset_campaign:confirm", "reset_campaign:cancel"],
    );
    await clickAndWait("reset_campaign:cancel");
    assert.equal(await player.locator(testId("klg-reset-asked")).count(), 0);
    assert.deepEqual(await cards.evaluateAll((cs) => cs.map((c) => c.dataset.card)), activeBefore, "cancel keeps the kingdom");

    // Click until the round is over: never reset, never suspend mid-way (it is not offered).
    const ids = () => player.locator(ACTIONS).evaluateAll((bs) => bs.map((b) => b.dataset.actionId));
    const rand = lcg(1607);
    let moves = 0;
    for (;;) {
      const now = await ids();
      if (now.includes("suspend") || now.includes("begin_round")) break;
      assert.ok(moves < KINGDOM_ROUND_MAX_MOVES, `round 1 ends within ${KINGDOM_ROUND_MAX_MOVES} moves`);
      assert.ok(now.length > 0, "a running sitting always offers a move");
      const choices = now.filter((id) => id !== "reset_campaign");
      // Mostly pass once the cards are used, so the round moves on.
      const pass = choices.includes("pass") && rand() < 0.15 ? "pass" : undefined;
      const id = pass ?? anyAction(choices.length ? choices : now, rand);
      const before = await text(player, "game-version");
      await player.locator(`${testId("legal-actions")} button[data-action-id="${id}"]`).click();
      await player.waitForFunction(
        (a) => document.querySelector(a.version)?.textContent !== a.before && document.querySelector(a.actions)?.getAttribute("aria-busy") === "false",
        { version: testId("game-version"), actions: testId("legal-actions"), before },
      );
      assert.equal(await text(player, "error"), "", `no error after ${id} (move ${moves + 1})`);
      moves++;
    }
    console.log(`     round 1 in ${moves} moves, version ${await text(player, "game-version")}`);
    assert.match(await text(player, "klg-round"), /^Round 1 of the base game/);
    assert.match(await text(player, "klg-awaited"), /begin the next round, or suspend/);
    /** The kingdom as shown: round, deck, discard pile (card ids and orientations), box, score counter. */
    const kingdom = () =>
      player.evaluate((t) => {
        const q = (id) => document.querySelector(`[data-testid="${id}"]`);
        return {
          round: q("klg-round")?.textContent,
          deck: q("klg-deck")?.dataset.count,
          discard: [...document.querySelectorAll(`[data-testid="klg-discard"] summary .klg-chip`)].map((c) => c.textContent),
          permanent: [...document.querySelectorAll(`[data-testid="klg-permanent"] .klg-card`)].map((c) => `${c.dataset.card}:${c.dataset.orientation}`),
          box: q("klg-box")?.textContent,
          score: q("klg-score")?.textContent,
          fame: q("klg-fame")?.textContent,
        };
      });
    const stored = await kingdom();
    assert.ok(stored.discard.length > 0, "round 1's cards are in the discard pile");
    await player.screenshot({ path: join(resultsDir, "kingdom-legacy-between-rounds.png"), fullPage: true });

    // Suspend: the sitting ends, the kingdom is folded into the campaign.
    await player.locator(`${testId("legal-actions")} button[data-action-id="suspend"]`).click();
    await player.waitForFunction((sel) => document.querySelector(sel)?.textContent === "FINISHED", testId("game-status"));
    await player.locator(testId("outcome")).waitFor({ state: "visible" });
    assert.match(await text(player, "outcome-reason"), /round 1/);
    assert.match(await text(player, "klg-awaited"), /kingdom is stored/);
    await player.click(testId("continue-campaign"));
    await player.waitForURL(/[?&]campaign=/);
    await player.waitForFunction((sel) => /^1 \(1 folded in\)$/.test(document.querySelector(sel)?.textContent ?? ""), testId("campaign-play-count"));
    // A reload of the campaign page shows the same campaign.
    await player.reload();
    await player.locator(testId("klg-campaign")).waitFor();
    assert.equal(await text(player, "klg-campaign-rounds"), "1");
    assert.equal(await player.locator(`${testId("klg-sittings")} li`).count(), 1);
    assert.equal(await player.locator("#start-sitting").textContent(), "Start the next sitting");
    await player.screenshot({ path: join(resultsDir, "kingdom-legacy-campaign.png"), fullPage: true });

    // The next sitting continues the stored kingdom: the same round, deck, discard pile and box.
    await player.click("#start-sitting");
    await player.waitForURL(/[?&]game=/);
    await player.waitForFunction((sel) => document.querySelector(sel)?.textContent === "ACTIVE", testId("game-status"));
    await player.locator(testId("kingdom-legacy")).waitFor();
    const resumed = await kingdom();
    assert.deepEqual(resumed, stored, "the same kingdom after suspend and resume");
    assert.ok(await player.locator(`${testId("legal-actions")} button[data-action-id="begin_round"]`).count(), "begin the next round is offered");
    // And a reload of the sitting's page resumes the seat.
    await player.reload();
    await player.locator(testId("kingdom-legacy")).waitFor();
    assert.match(await text(player, "viewer"), /^Seat 0/);
    assert.equal(await text(player, "klg-round"), stored.round);
    await player.locator(`${testId("legal-actions")} button[data-action-id="begin_round"]`).waitFor();
    await player.screenshot({ path: join(resultsDir, "kingdom-legacy.png"), fullPage: true });
    await player.context().close();
  });

  await test("no script errors in the pages", async () => {
    assert.deepEqual(pageErrors, []);
  });
} catch (e) {
  results.push(false);
  console.log(`FAIL setup: ${e?.stack ?? e}`);
} finally {
  await browser?.close().catch(() => {});
  server?.child.kill("SIGTERM");
}

const passed = results.filter(Boolean).length;
const failed = results.length - passed;
console.log(`e2e took ${((Date.now() - t0) / 1000).toFixed(1)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
