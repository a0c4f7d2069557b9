// One worker playing the trick game against boardgame.io's server for `seconds`: a match is
// created and joined through the lobby API, each seat's boardgame.io client (socket.io) plays a
// random legal card on its turn, and the next move waits until both clients have the server's
// state after the last one. `node drive.js <port> <seconds>`; prints {"moves":…,"matches":…}.
const { Client } = require('boardgame.io/client');
const { SocketIO } = require('boardgame.io/multiplayer');
const { Trick, legal } = require('./game');

const [port, seconds] = [Number(process.argv[2]), Number(process.argv[3])];
const base = `http://127.0.0.1:${port}`;

async function post(path, body) {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return res.json();
}

// Resolves once `client` holds a state with `_stateID` of at least `id`.
function reached(client, id) {
  return new Promise((resolve) => {
    // `subscribe` calls back at once with the state it has, before it returns.
    let unsubscribe = null;
    let done = false;
    const check = (state) => {
      if (!done && state && state._stateID >= id) {
        done = true;
        if (unsubscribe) unsubscribe();
        resolve(state);
      }
    };
    unsubscribe = client.subscribe(check);
    if (done) unsubscribe();
  });
}

let seed = 1;
function random(n) {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
}

async function match() {
  const { matchID } = await post('/games/trick/create', { numPlayers: 2 });
  const clients = [];
  for (const playerID of ['0', '1']) {
    const { playerCredentials } = await post(`/games/trick/${matchID}/join`, {
      playerID,
      playerName: `p${playerID}`,
    });
    const client = Client({
      game: Trick,
      multiplayer: SocketIO({ server: base }),
      matchID,
      playerID,
      credentials: playerCredentials,
      debug: false,
    });
    client.start();
    clients.push(client);
  }
  await Promise.all(clients.map((c) => reached(c, 0)));
  return clients;
}

async function main() {
  const until = Date.now() + seconds * 1000;
  let moves = 0;
  let matches = 0;
  while (Date.now() < until) {
    const clients = await match();
    matches += 1;
    let state = clients[1].getState();
    while (Date.now() < until && !state.ctx.gameover) {
      const p = Number(state.ctx.currentPlayer);
      const mine = clients[p].getState();
      const options = mine.G.hands[p]
        .map((_, i) => i)
        .filter((i) => legal(mine.G, p, i));
      const next = state._stateID + 1;
      clients[p].moves.play(options[random(options.length)]);
      await Promise.all(clients.map((c) => reached(c, next)));
      // The mover's client applies its move at once; the other has it from the server.
      state = clients[1 - p].getState();
      moves += 1;
    }
    clients.forEach((c) => c.stop());
  }
  console.log(JSON.stringify({ moves, matches }));
  process.exit(0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
