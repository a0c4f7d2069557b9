// An illegal move is refused with FAILED_PRECONDITION and the violated rule ID, and changes
// nothing.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { equals } from "@bufbuild/protobuf";
import {
  ClaimFaction,
  Code,
  ConnectError,
  GameViewSchema,
  Tablero,
  connectNode,
  errorInfoOf,
  ruleIdOf,
  type ClaimCard,
  type GameView,
  type SeatClient,
} from "../src/index.js";
import {
  Rng,
  botAndHuman,
  cardId,
  claimGame,
  claimOf,
  finished,
  isPlayCardPending,
  playCard,
  startServer,
  step,
  type RunningServer,
  refused,
} from "./support.js";

let server: RunningServer;
let tablero: Tablero;
before(async () => {
  server = await startServer();
  tablero = new Tablero(connectNode(server.url), { apiKey: server.apiKey }); // a backend: it chooses seeds
});
after(() => server?.stop());

/** Seat 1 (human) follows the bot's leads until it must follow suit and holds an off-suit card. */
async function untilMustFollow(me: SeatClient, rng: Rng): Promise<{ view: GameView; off: ClaimCard }> {
  for (let i = 0; i < 200; i++) {
    const view = await me.view();
    assert.ok(!finished(view), "the game ended before a follow-suit situation arose");
    const c = claimOf(view);
    const hand = c.players[1]!.hand;
    const following = view.toAct.length === 1 && view.toAct[0] === 1 && isPlayCardPending(view) && c.trick.length > 0;
    if (following && hand.some((h) => h.faction === c.leadFaction)) {
      const off = hand.find((h) => h.faction !== c.leadFaction && h.faction !== ClaimFaction.DOPPELGANGERS);
      if (off) return { view, off };
    }
    await step([undefined, me], rng);
  }
  assert.fail("no follow-suit situation in 200 moves");
}

test("illegal moves are refused with FAILED_PRECONDITION and the rule ID; the game is unchanged", async () => {
  const created = await tablero.createGame(claimGame(botAndHuman(), 5n));
  const me = tablero.seat(created.gameId, created.credentials[0]!.token);
  const spectator = tablero.spectator(created.gameId);
  const { view, off } = await untilMustFollow(me, new Rng(5));
  const before = { mine: view, public: await spectator.view(), history: await spectator.history(0) };
  assert.ok(!view.legalActions.some((a) => a.id === cardId(off)), "the off-suit card is not listed");

  // Not following suit (CLM-TRK.4), as a typed action and as an action id.
  let err = await refused(me.submit(playCard(off), { expectedVersion: view.version }), Code.FailedPrecondition, "off-suit typed");
  assert.equal(ruleIdOf(err), "CLM-TRK.4");
  const info = errorInfoOf(err);
  assert.equal(info.length, 1, "one google.rpc.ErrorInfo detail");
  assert.equal(info[0]!.reason, "RULE_VIOLATION");
  assert.equal(info[0]!.domain, "tablero.v1");
  assert.equal(info[0]!.metadata["rule_id"], "CLM-TRK.4");
  assert.equal(err.metadata.get("tablero-rule-id"), "CLM-TRK.4", "the trailer repeats it");
  err = await refused(me.submit(cardId(off), { expectedVersion: view.version }), Code.FailedPrecondition, "off-suit by id");
  assert.equal(ruleIdOf(err), "CLM-TRK.4");

  // A card that is not in the hand: the card just led, face up on the table (CLM-TRK.3).
  const led = claimOf(view).trick[0]!.card!;
  err = await refused(me.submit(playCard(led), { expectedVersion: view.version }), Code.FailedPrecondition, "not in hand typed");
  assert.equal(ruleIdOf(err), "CLM-TRK.3");
  err = await refused(me.submit(cardId(led)), Code.FailedPrecondition, "not in hand by id (version read by the helper)");
  assert.equal(ruleIdOf(err), "CLM-TRK.3");

  // Nothing changed: the same views and the same history.
  assert.ok(equals(GameViewSchema, before.mine, await me.view()), "the seat's view is unchanged");
  assert.ok(equals(GameViewSchema, before.public, await spectator.view()), "the public view is unchanged");
  assert.equal((await spectator.history(0)).length, before.history.length, "no event was logged");

  // And a legal move still goes through at the same version.
  const res = await me.submit(view.legalActions[0]!.id, { expectedVersion: view.version });
  assert.ok(res.view!.version > view.version);
});

test("a move after the game is over is refused with FAILED_PRECONDITION", async () => {
  const created = await tablero.createGame(claimGame(botAndHuman(), 9n));
  const me = tablero.seat(created.gameId, created.credentials[0]!.token);
  const rng = new Rng(9);
  let view = await me.view();
  while (!finished(view)) view = (await step([undefined, me], rng)).view!;
  const err = await refused(me.submit("seer_peek", { expectedVersion: view.version }), Code.FailedPrecondition, "after the end");
  assert.equal(errorInfoOf(err)[0]?.reason, "GAME_OVER");
});
