// A hint for a human seat against an mcts bot: the server's mcts move for the seat's own view is
// one of its legal actions at the same version, and submits; a spectator gets none.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { Code, ConnectError, Tablero, connectNode } from "../src/index.js";
import { claimGame, startServer, type RunningServer } from "./support.js";

let server: RunningServer;
let tablero: Tablero;
before(async () => {
  server = await startServer();
  tablero = new Tablero(connectNode(server.url), { apiKey: server.apiKey }); // a backend: it chooses seeds
});
after(() => server?.stop());

test("a hint is a legal action at the seat's version and can be submitted; a spectator gets none; claim lists the bot kinds", async () => {
  const claim = (await tablero.gameTypes()).find((t) => t.gameType === "claim");
  assert.ok(claim, "the server hosts claim");
  const names = claim.botKinds.map((k) => k.name);
  for (const name of ["random", "greedy", "mcts"]) assert.ok(names.includes(name), `bot kind ${name} in ${names.join(", ")}`);

  const created = await tablero.createGame(claimGame([Tablero.human("me"), Tablero.bot("mcts", "bot", 1)], 5n));
  assert.equal(created.view!.seats[1]!.bot, "mcts");
  const me = tablero.seat(created.gameId, created.credentials[0]!.token);

  const legal = await me.legalActions();
  assert.ok(legal.actions.length > 0, "the human seat must act");
  const hint = await me.hint(1);
  assert.equal(hint.seat, 0);
  assert.equal(hint.version, legal.version, "the hint is for the version of the legal actions");
  assert.ok(hint.action, "the hint carries an action");
  assert.ok(legal.actions.map((a) => a.id).includes(hint.action.id), `hint ${hint.action.id} is a legal action`);

  const res = await me.submit(hint.action.id, { expectedVersion: hint.version });
  assert.ok(res.view!.version > hint.version, "the hinted move was applied");

  try {
    await tablero.spectator(created.gameId).hint();
    assert.fail("a spectator's hint must be refused");
  } catch (err) {
    assert.ok(err instanceof ConnectError, `a ConnectError, got ${String(err)}`);
    assert.equal(err.code, Code.Unauthenticated, `UNAUTHENTICATED expected, got ${Code[err.code]}: ${err.message}`);
  }
});
