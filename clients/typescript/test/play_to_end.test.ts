// A human plays a Claim game against a bot to the end, choosing among the listed legal actions.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { GameStatus, Occupant, Tablero, connectNode } from "../src/index.js";
import { Rng, claimGame, claimOf, finished, humanAndBot, startServer, type RunningServer } from "./support.js";

let server: RunningServer;
let tablero: Tablero;
before(async () => {
  server = await startServer();
  tablero = new Tablero(connectNode(server.url), { apiKey: server.apiKey }); // a backend: it chooses seeds
});
after(() => server?.stop());

test("a human and a bot play Claim to the end by legal actions", async (t) => {
  const types = await tablero.gameTypes();
  assert.ok(types.some((t) => t.gameType === "claim" && t.bots.includes("random")), "the server hosts claim");

  const created = await tablero.createGame(claimGame(humanAndBot(), 11n));
  assert.equal(created.credentials.length, 1, "one token: the one human seat");
  assert.equal(created.credentials[0]!.seat, 0);
  assert.deepEqual(created.view?.seats.map((s) => s.occupant), [Occupant.HUMAN, Occupant.BOT]);

  const me = tablero.seat(created.gameId, created.credentials[0]!.token);
  const rng = new Rng(11);
  let view = await me.view();
  assert.equal(view.viewerSeat, 0);
  assert.equal(claimOf(view).players[0]!.hand.length > 0, true, "the owner sees the hand");
  let moves = 0;
  while (!finished(view)) {
    assert.ok(moves++ < 1000, "the game finishes");
    // Bots move in the same write, so the human is always the one to act.
    assert.deepEqual(view.toAct, [0]);
    const listed = await me.legalActions();
    assert.equal(listed.version, view.version);
    assert.deepEqual(listed.actions.map((a) => a.id), view.legalActions.map((a) => a.id), "GameView.legal_actions = ListLegalActions");
    const choice = rng.pick(view.legalActions);
    const res = await me.submit(choice.id, { expectedVersion: view.version });
    assert.ok(res.view && res.view.version > view.version, "the version moves on");
    assert.ok(res.events.length > 0 && res.events.every((e) => e.version > view.version), "events since the seen version");
    view = res.view;
  }
  assert.equal(view.status, GameStatus.FINISHED);
  assert.ok(view.outcome, "an outcome");
  assert.equal(view.outcome.places.length, 2);
  assert.ok(view.outcome.draw || view.outcome.winners.length > 0, "a winner or a draw");
  assert.ok(view.outcome.reason.length > 0);
  assert.deepEqual(view.legalActions, [], "nothing left to do");
  const spectator = await tablero.spectator(created.gameId).view();
  assert.equal(spectator.status, GameStatus.FINISHED);
  assert.equal(spectator.version, view.version);
  assert.equal(spectator.viewerSeat, undefined);
  t.diagnostic(`finished at version ${view.version} after ${moves} human moves: ${view.outcome.reason}`);
});
