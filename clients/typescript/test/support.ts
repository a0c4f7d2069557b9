// Shared test helpers: seeded choice, Claim game set-up, card ids, playing by legal actions.
import assert from "node:assert/strict";
import { create, type MessageInitShape } from "@bufbuild/protobuf";
import {
  ClaimFaction,
  Code,
  ConnectError,
  ClaimMode,
  ClaimPending_Kind,
  GameStatus,
  Tablero,
  type ClaimCard,
  type ClaimView,
  type CreateGameRequestSchema,
  type GameView,
  type SeatClient,
  type SeatSpecInit,
  type SubmitActionResponse,
} from "../src/index.js";

export { startServer, type RunningServer } from "./server.js";

/** A small seeded pseudo-random generator (mulberry32): the same seed plays the same game. */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  pick<T>(items: readonly T[]): T {
    assert.ok(items.length > 0, "nothing to pick from");
    return items[Math.floor(this.next() * items.length)]!;
  }
}

/** A base 2-player Claim game with the given seats (seed fixed so the deal is reproducible). */
export function claimGame(seats: SeatSpecInit[], seed = 7n): MessageInitShape<typeof CreateGameRequestSchema> {
  return {
    gameType: "claim",
    options: { game: { case: "claim", value: { mode: ClaimMode.BASE_2P } } },
    seats,
    seed,
  };
}

export const humanAndBot = (): SeatSpecInit[] => [Tablero.human("me"), Tablero.bot()];
export const botAndHuman = (): SeatSpecInit[] => [Tablero.bot(), Tablero.human("me")];
export const twoHumans = (): SeatSpecInit[] => [Tablero.human("ann"), Tablero.human("bob")];

export function claimOf(view: GameView): ClaimView {
  assert.equal(view.game.case, "claim", "a Claim view");
  return view.game.value as ClaimView;
}

/** The legal action id of playing `card`, e.g. "play:gnomes:3:1". */
export function cardId(card: ClaimCard): string {
  return `play:${ClaimFaction[card.faction].toLowerCase()}:${card.value}:${card.copy}`;
}

/** A typed "play this card" action. */
export function playCard(card: ClaimCard) {
  return { game: { case: "claim" as const, value: { kind: { case: "playCard" as const, value: { card } } } } };
}

export function isPlayCardPending(view: GameView): boolean {
  return claimOf(view).pending?.kind === ClaimPending_Kind.PLAY_CARD;
}

export const finished = (view: GameView) => view.status === GameStatus.FINISHED;

/**
 * One move of whichever seat must act (seats[i] holds seat i's token, undefined for a bot):
 * a seeded choice among that seat's listed legal actions, submitted at the version it saw.
 */
export async function step(seats: (SeatClient | undefined)[], rng: Rng): Promise<SubmitActionResponse> {
  const anyone = seats.find((s) => s !== undefined)!;
  const table = await anyone.view();
  assert.ok(!finished(table), "the game is not over");
  const seat = table.toAct[0];
  assert.ok(seat !== undefined, "someone must act");
  const client = seats[seat];
  assert.ok(client, `seat ${seat} to act is not a human seat of this test`);
  const view = await client.view();
  assert.equal(view.viewerSeat, seat);
  const action = rng.pick(view.legalActions);
  return client.submit(action.id, { expectedVersion: view.version });
}

/** Plays until FINISHED (at most `maxMoves` human moves); returns the final view. */
export async function playToEnd(seats: (SeatClient | undefined)[], rng: Rng, maxMoves = 1000): Promise<GameView> {
  for (let i = 0; i < maxMoves; i++) {
    const res = await step(seats, rng);
    assert.ok(res.view, "SubmitActionResponse carries the new view");
    if (finished(res.view)) return res.view;
  }
  assert.fail(`the game did not finish in ${maxMoves} moves`);
}

/** Rejects with a ConnectError of `code`; returns it. */
export async function refused(p: Promise<unknown>, code: Code, what = "the call"): Promise<ConnectError> {
  try {
    await p;
  } catch (err) {
    assert.ok(err instanceof ConnectError, `${what}: a ConnectError, got ${String(err)}`);
    assert.equal(err.code, code, `${what}: ${Code[code]} expected, got ${Code[err.code]}: ${err.message}`);
    return err;
  }
  assert.fail(`${what}: accepted, but must be refused with ${Code[code]}`);
}

export { create };
