// A two-player trick game in boardgame.io 0.50: the reference for Tablero's Claim moves in
// docs/benchmarks.md ("boardgame.io"). Like a Claim trick: a hidden hand each, the leader
// plays a card, the other must follow the led faction if they can, the higher card of the
// led faction wins and leads next; each player sees only their own hand (playerView).
const { INVALID_MOVE } = require('boardgame.io/core');

const FACTIONS = 5;
const VALUES = 10;
// 25 cards each: 50 moves a match, about half a two-player Claim game.
const HAND = 25;

function setup({ random }) {
  const deck = [];
  for (let f = 0; f < FACTIONS; f++) for (let v = 0; v < VALUES; v++) deck.push({ f, v });
  const shuffled = random.Shuffle(deck);
  return {
    hands: [shuffled.slice(0, HAND), shuffled.slice(HAND, 2 * HAND)],
    trick: [],
    won: [0, 0],
    next: 0,
  };
}

// Whether seat `p` may play its card `i` now (follow the led faction when able).
function legal(G, p, i) {
  const hand = G.hands[p];
  if (!Number.isInteger(i) || i < 0 || i >= hand.length) return false;
  if (G.trick.length === 0) return true;
  const led = G.trick[0].card.f;
  return hand[i].f === led || !hand.some((c) => c.f === led);
}

function play({ G, playerID }, i) {
  const p = Number(playerID);
  if (!legal(G, p, i)) return INVALID_MOVE;
  const [card] = G.hands[p].splice(i, 1);
  G.trick.push({ p, card });
  if (G.trick.length < 2) {
    G.next = 1 - p;
    return;
  }
  const led = G.trick[0].card.f;
  const best = G.trick
    .filter((t) => t.card.f === led)
    .reduce((a, b) => (b.card.v > a.card.v ? b : a));
  G.won[best.p] += 1;
  G.trick = [];
  G.next = best.p;
}

const Trick = {
  name: 'trick',
  setup,
  moves: { play },
  turn: {
    minMoves: 1,
    maxMoves: 1,
    order: { first: () => 0, next: ({ G }) => G.next },
  },
  endIf: ({ G }) =>
    G.hands[0].length === 0 && G.hands[1].length === 0
      ? { winner: G.won[0] >= G.won[1] ? '0' : '1' }
      : undefined,
  playerView: ({ G, playerID }) => ({
    ...G,
    hands: G.hands.map((h, i) => (String(i) === playerID ? h : h.length)),
  }),
};

module.exports = { Trick, legal };
