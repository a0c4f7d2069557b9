// The trust model as a client meets it, over gRPC (Node) and gRPC-Web: only an API key may choose
// a seed, every view says how the game was set up, and without a key ListGames shows only the
// games created as listed.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { Code, ConnectError, SetupKind, Tablero, connectNode, connectWeb, type Transport } from "../src/index.js";
import { claimGame, humanAndBot, startServer, type RunningServer } from "./support.js";

let server: RunningServer;
before(async () => {
  server = await startServer();
});
after(() => server?.stop());

const refusedWith = (code: Code) => (e: unknown) => {
  assert.ok(e instanceof ConnectError, `a ConnectError: ${String(e)}`);
  assert.equal(e.code, code, e.message);
  return true;
};

const transports: [string, (url: string) => Transport][] = [
  ["grpc", connectNode],
  ["grpc-web", connectWeb],
];

for (const [name, connect] of transports) {
  test(`${name}: choosing a seed needs the API key, and the views say so`, async () => {
    const player = new Tablero(connect(server.url));
    const backend = new Tablero(connect(server.url), { apiKey: server.apiKey });
    const impostor = new Tablero(connect(server.url), { apiKey: `${server.apiKey}x` });

    await assert.rejects(player.createGame(claimGame(humanAndBot(), 7n)), refusedWith(Code.Unauthenticated));
    await assert.rejects(impostor.createGame(claimGame(humanAndBot(), 7n)), refusedWith(Code.Unauthenticated));

    const seeded = await backend.createGame(claimGame(humanAndBot(), 7n));
    assert.equal(seeded.view?.setup, SetupKind.CHOSEN_SEED);
    // The player who holds the seat (not the backend) sees it too.
    const seat = await player.seat(seeded.gameId, seeded.credentials[0]!.token).view();
    assert.equal(seat.setup, SetupKind.CHOSEN_SEED);

    const random = await player.createGame({ ...claimGame(humanAndBot()), seed: undefined });
    assert.equal(random.view?.setup, SetupKind.RANDOM);
    assert.equal((await player.spectator(random.gameId).view()).setup, SetupKind.RANDOM);
  });

  test(`${name}: without a key ListGames shows the listed games only`, async () => {
    const player = new Tablero(connect(server.url));
    const backend = new Tablero(connect(server.url), { apiKey: server.apiKey });
    const base = { ...claimGame(humanAndBot()), seed: undefined };
    const listed = await player.createGame({ ...base, listed: true });
    const unlisted = await player.createGame(base);
    assert.equal(listed.view?.listed, true);
    assert.equal(unlisted.view?.listed, false);

    const seen = (await player.listGames({ gameType: "claim", pageSize: 200 })).games;
    const mine = seen.find((g) => g.gameId === listed.gameId);
    assert.ok(mine, "the listed game shows without a key");
    assert.equal(mine.listed, true);
    assert.equal(mine.setup, SetupKind.RANDOM);
    assert.ok(!seen.some((g) => g.gameId === unlisted.gameId), "the unlisted game does not");
    assert.ok(seen.every((g) => g.listed), "only listed games show without a key");

    // A key with the `list` scope sees both (so the helper sent it on ListGames too).
    const all = (await backend.listGames({ gameType: "claim", pageSize: 200 })).games.map((g) => g.gameId);
    assert.ok(all.includes(listed.gameId) && all.includes(unlisted.gameId), "the backend lists every game");
  });
}
