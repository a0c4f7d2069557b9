// boardgame.io's own server (Koa, socket.io, its lobby API) serving the trick game, in-memory
// storage: `node server.js <port>`.
const { Server, Origins } = require('boardgame.io/server');
const { Trick } = require('./game');

const port = Number(process.argv[2]);
const server = Server({ games: [Trick], origins: [Origins.LOCALHOST] });
server.run(port, () => console.log(`listening on ${port}`));
