// The Tablero helper: a thin layer over the generated GameService client that adds what every
// caller would otherwise repeat (seat token metadata, versioned idempotent submits with retry,
// following history pages). All wire code is generated (src/gen) and run by Connect.

import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { Code, ConnectError, createClient, type CallOptions, type Client, type Transport } from "@connectrpc/connect";
import {
  ActionSchema,
  GameService,
  Occupant,
  type Change,
  type ChangeKind,
  type CreateGameRequestSchema,
  type CreateGameResponse,
  type Event,
  type GameStatus,
  type GameSummary,
  type GameTypeInfo,
  type GameView,
  type GetHintResponse,
  type JoinGameResponse,
  type ListGamesRequestSchema,
  type ListGamesResponse,
  type ListLegalActionsResponse,
  type ListWebhookDeliveriesResponse,
  type ReissueSeatTokenResponse,
  type ReplaceSeatResponse,
  type ResignSeatResponse,
  type SeatSpecSchema,
  type SubmitActionRequestSchema,
  type TimeControlSchema,
  type TimeoutPolicy,
  type SubmitActionResponse,
  type WatchChangesResponse,
  type WatchGameResponse,
} from "./gen/tablero/v1/game_service_pb.js";
import { currentVersionOf } from "./errors.js";

/** The metadata naming the game a call is about, for routing by game. */
export const GAME_ID_HEADER = "tablero-game-id";

/** The generated client, for anything the helpers do not cover. */
export type GameServiceClient = Client<typeof GameService>;

/** A seat of CreateGameRequest.seats. */
export type SeatSpecInit = MessageInitShape<typeof SeatSpecSchema>;

/** A CreateGameRequest.time_control, as built by `Tablero.perMove`, `chessClock` or `daily`. */
export type TimeControlInit = MessageInitShape<typeof TimeControlSchema>;

/** A version as accepted by the helpers (proto uint64 is a bigint in protobuf-es). */
export type Version = bigint | number;

/** How often `submit` retries after ABORTED (someone else moved first). */
export const MAX_SUBMIT_RETRIES = 5;

/** A typed action, e.g. `{ game: { case: "claim", value: { kind: { case: "playCard", value: { card } } } } }`. */
export type ActionInit = MessageInitShape<typeof ActionSchema>;

/**
 * How many times in a row `watchChanges` reconnects without a change arriving in between
 * (waiting 0.1 s, then twice as long each time, at most 5 s) before it gives up.
 */
export const MAX_WATCH_RECONNECTS = 8;

/** The metadata key that carries a backend's API key. */
export const API_KEY_HEADER = "x-api-key";

export interface TableroOptions {
  /**
   * A backend's API key, sent as `x-api-key` on every call. Only a key (with the matching
   * scope) may choose a seed or a scenario, list unlisted games or delete any game; players'
   * apps connect without one.
   */
  apiKey?: string;
}

/** What `joinGame` claims: which open seat, and for whom. */
export interface JoinOptions {
  /** The open seat to claim; the lowest open one when omitted. */
  seat?: number;
  /** Display name. */
  name?: string;
  /** The backend's id of the person taking the seat (needs an API key; see `Tablero.player`). */
  playerRef?: string;
  /** Show `playerRef` to every viewer, not only to API keys. */
  playerRefPublic?: boolean;
}

/** Filters of `playerGames`. */
export interface PlayerGamesOptions {
  /** Only the games in which the player's seat must act now ("games waiting for me"). */
  toAct?: boolean;
  /** Only games of this type (all types when omitted). */
  gameType?: string;
  /** Only active or only finished games (any when omitted). */
  status?: GameStatus;
  /** Games per page asked of the server (server default 50, maximum 200). */
  pageSize?: number;
}

/** What `watchChanges` follows, and from where. */
export interface WatchChangesOptions {
  /** Resume after this cursor (a `Change.cursor` delivered earlier, e.g. one the caller stored). */
  cursor?: string;
  /** Without a cursor: from the oldest change the server keeps, instead of the changes after the call. */
  fromStart?: boolean;
  /** Only changes of games of this type (every type when omitted). */
  gameType?: string;
  /** Only changes of games with a seat of this player. */
  playerRef?: string;
  /** Only these kinds (every kind when omitted). */
  kinds?: ChangeKind[];
  /** Reconnects in a row without a change in between (default `MAX_WATCH_RECONNECTS`; 0 = none). */
  reconnects?: number;
}

export interface SubmitOptions {
  /** The version the caller saw; read from the server when omitted. */
  expectedVersion?: Version;
  /** One key per intent; a fresh `crypto.randomUUID()` when omitted. Kept across retries. */
  idempotencyKey?: string;
  /** The seat the caller means to act for (PERMISSION_DENIED unless it is the token's seat). */
  seat?: number;
  /** Retries on ABORTED (default 5; 0 = none). */
  retries?: number;
  signal?: AbortSignal;
}

/** A connection to a Tablero server over any Connect transport (see connectNode / connectWeb). */
export class Tablero {
  /** The generated client, for anything the helpers do not cover. */
  readonly raw: GameServiceClient;

  constructor(transport: Transport, options: TableroOptions = {}) {
    this.raw = createClient(GameService, options.apiKey === undefined ? transport : withApiKey(transport, options.apiKey));
  }

  /** A human seat (the creator receives its token). */
  static human(name: string): SeatSpecInit {
    return { occupant: Occupant.HUMAN, name };
  }

  /**
   * A human seat for the backend's user `playerRef` (its own user id), so that `playerGames`
   * finds the game. Only a caller with an API key may set it; views show it to API keys, and to
   * everybody with `{ public: true }`.
   */
  static player(name: string, playerRef: string, options: { public?: boolean } = {}): SeatSpecInit {
    return { occupant: Occupant.HUMAN, name, playerRef, playerRefPublic: options.public ?? false };
  }

  /**
   * A seat played by the server; `bot` names the bot kind ("random" by default, "greedy",
   * "mcts": `GameTypeInfo.botKinds`) and `level` its level (0: the kind's default level).
   */
  static bot(bot = "random", name = "bot", level = 0): SeatSpecInit {
    return { occupant: Occupant.BOT, name, bot, botLevel: level };
  }

  /** A human seat left open for JoinGame. */
  static openSeat(): SeatSpecInit {
    return { occupant: Occupant.OPEN };
  }

  /**
   * Turn clocks of `seconds` for every decision (1 to 2,592,000), for `createGame`'s
   * `timeControl`. When a seat's time runs out the server's bot decides for it, or with
   * `TimeoutPolicy.RESIGN` the seat resigns. The server checks the bounds.
   */
  static perMove(seconds: number, onTimeout?: TimeoutPolicy): TimeControlInit {
    return { control: { case: "perMove", value: { seconds } }, onTimeout };
  }

  /** A chess clock: `initialSeconds` per seat (1 to 2,592,000), `incrementSeconds` back after each decision (0 to 86,400). */
  static chessClock(initialSeconds: number, incrementSeconds = 0, onTimeout?: TimeoutPolicy): TimeControlInit {
    return { control: { case: "chessClock", value: { initialSeconds, incrementSeconds } }, onTimeout };
  }

  /** Asynchronous play: each decision within `days` (1 to 30). */
  static daily(days: number, onTimeout?: TimeoutPolicy): TimeControlInit {
    return { control: { case: "daily", value: { days } }, onTimeout };
  }

  /** The game types this server hosts. */
  async gameTypes(opts?: CallOptions): Promise<GameTypeInfo[]> {
    return (await this.raw.listGameTypes({}, opts)).gameTypes;
  }

  /**
   * Creates a game; the response holds each human seat's token (shown only once). A `seed` or
   * `scenario` needs an API key with the `setup` scope; `listed: true` shows the game in
   * everyone's `listGames`; `timeControl: Tablero.perMove(60)` (or `chessClock`, `daily`) times
   * it, and its views carry the clocks (`view.clock`).
   */
  createGame(req: MessageInitShape<typeof CreateGameRequestSchema>, opts?: CallOptions): Promise<CreateGameResponse> {
    return this.raw.createGame(req, opts);
  }

  /**
   * Claims an open seat (the lowest when `seat` is omitted); the response holds its token. A
   * `playerRef` (the person's id in the backend) needs an API key.
   */
  joinGame(gameId: string, join: JoinOptions = {}, opts?: CallOptions): Promise<JoinGameResponse> {
    return this.raw.joinGame(
      {
        gameId,
        seat: join.seat,
        name: join.name ?? "",
        playerRef: join.playerRef ?? "",
        playerRefPublic: join.playerRefPublic ?? false,
      },
      opts,
    );
  }

  /**
   * Games on this server, newest first (one page; pass `pageToken` for the next): the listed
   * ones, or every game with an API key that has the `list` scope.
   */
  listGames(req: MessageInitShape<typeof ListGamesRequestSchema> = {}, opts?: CallOptions): Promise<ListGamesResponse> {
    return this.raw.listGames(req, opts);
  }

  /**
   * One player's games (every game with a seat of `playerRef`, listed or not), newest first,
   * following pages to the end: "my games", or with `toAct` the games waiting for the player.
   * Needs an API key with the `list` scope. A page may hold fewer games than asked while more
   * follow, so the pages are followed here rather than left to the caller.
   */
  async *playerGames(playerRef: string, filter: PlayerGamesOptions = {}, opts?: CallOptions): AsyncGenerator<GameSummary> {
    let pageToken = "";
    do {
      const page = await this.raw.listGames(
        {
          playerRef,
          toAct: filter.toAct ?? false,
          gameType: filter.gameType ?? "",
          status: filter.status,
          pageSize: filter.pageSize ?? 0,
          pageToken,
        },
        opts,
      );
      yield* page.games;
      pageToken = page.nextPageToken;
    } while (pageToken !== "");
  }

  /**
   * A backend resigns `seat` for its player (API key with the `seats` scope); a player resigns
   * with `SeatClient.resign`. In a game of one or two seats the game ends; with more, the
   * server's bot plays the seat from then on.
   */
  resignSeat(gameId: string, seat: number, opts?: CallOptions): Promise<ResignSeatResponse> {
    return this.raw.resignSeat({ gameId, seat }, this.spectator(gameId).callOptions(opts));
  }

  /**
   * A backend (API key with the `seats` scope) hands `seat` to the server's bot
   * (`Occupant.BOT`, e.g. for a player who left) or back to its person (`Occupant.HUMAN`: the
   * seat's token works again; a seat that never had one gets a fresh token in `credential`).
   */
  replaceSeat(gameId: string, seat: number, occupant: Occupant, opts?: CallOptions): Promise<ReplaceSeatResponse> {
    return this.raw.replaceSeat({ gameId, seat, occupant }, this.spectator(gameId).callOptions(opts));
  }

  /**
   * A backend (API key with the `seats` scope) gives a human seat a new token, returned once in
   * `credential`; the old token stops working at once.
   */
  reissueSeatToken(gameId: string, seat: number, opts?: CallOptions): Promise<ReissueSeatTokenResponse> {
    return this.raw.reissueSeatToken({ gameId, seat }, this.spectator(gameId).callOptions(opts));
  }

  /**
   * The changes of every game matching the filter, as the server commits them (API key with the
   * `feed` scope): games created, seats to act, games finished, deadlines passed, seat changes,
   * campaign plays folded. The stream does not end by itself: `break`, or abort `signal`, to stop.
   *
   * When the stream breaks it reconnects from the cursor of the last change it yielded, so the
   * loop sees every change once and in order: after UNAVAILABLE (a replica shutting down, the
   * store out of reach), a lost connection, RESOURCE_EXHAUSTED once the stream has delivered
   * (the server closes a stream the loop did not read for its drain time), or an end of the
   * stream. It throws after `reconnects` failures in a row without a change in between, and on
   * any other error. Store `change.cursor` to resume a later run with `{ cursor }`; a cursor
   * older than the server keeps is FAILED_PRECONDITION (reason `CURSOR_EXPIRED`). Without a
   * cursor, changes made while the first connection is down are not replayed (unless
   * `fromStart`).
   */
  async *watchChanges(options: WatchChangesOptions = {}, opts: CallOptions = {}): AsyncGenerator<Change> {
    let cursor = options.cursor ?? "";
    const maxReconnects = options.reconnects ?? MAX_WATCH_RECONNECTS;
    let failures = 0;
    for (;;) {
      const stream = this.raw.watchChanges(
        {
          cursor,
          fromStart: cursor === "" && (options.fromStart ?? false),
          gameType: options.gameType ?? "",
          playerRef: options.playerRef ?? "",
          kinds: options.kinds ?? [],
        },
        { timeoutMs: 0, ...opts },
      );
      const iterator = stream[Symbol.asyncIterator]();
      let delivered = false; // whether this stream has sent a message
      try {
        for (;;) {
          let next: IteratorResult<WatchChangesResponse>;
          try {
            next = await iterator.next();
          } catch (err) {
            if (!brokenStream(err, delivered, opts.signal) || failures >= maxReconnects) throw err;
            break;
          }
          // The server never ends the stream by itself; something in between did.
          if (next.done) {
            if (failures >= maxReconnects) return;
            break;
          }
          delivered = true;
          for (const change of next.value.changes) {
            cursor = change.cursor;
            failures = 0;
            yield change;
          }
        }
      } finally {
        // Ends the call when the caller stops early (break, return, a throw in the loop).
        await iterator.return?.();
      }
      failures++;
      await backoff(failures, opts.signal);
    }
  }

  /**
   * The operator's webhook endpoints (with the cursor each has been delivered up to) and their
   * latest deliveries, newest first (API key with the `webhooks` scope). `endpoint` names one
   * endpoint (all when omitted); `pageSize` deliveries at most (server default 50, maximum 500).
   */
  listWebhookDeliveries(
    filter: { endpoint?: string; pageSize?: number } = {},
    opts?: CallOptions,
  ): Promise<ListWebhookDeliveriesResponse> {
    return this.raw.listWebhookDeliveries({ endpoint: filter.endpoint ?? "", pageSize: filter.pageSize ?? 0 }, opts);
  }

  /** Acting as (and seeing what is visible to) the seat whose token this is. */
  seat(gameId: string, token: string): SeatClient {
    return new SeatClient(this.raw, gameId, token);
  }

  /** Seeing the game as a spectator (public information only). */
  spectator(gameId: string): SeatClient {
    return new SeatClient(this.raw, gameId, undefined);
  }
}

/** One caller's (a seat's or a spectator's) handle on one game. */
export class SeatClient {
  constructor(
    /** The generated client. */
    readonly raw: GameServiceClient,
    readonly gameId: string,
    /** The seat token; undefined for a spectator. */
    readonly token: string | undefined,
  ) {}

  /**
   * Call options carrying this caller's `authorization: Bearer <token>` metadata and the game id
   * (`tablero-game-id`: a load balancer hashes on it, so a game's calls reach one replica).
   */
  callOptions(opts: CallOptions = {}): CallOptions {
    const headers = new Headers(opts.headers);
    headers.set(GAME_ID_HEADER, this.gameId);
    if (this.token !== undefined) headers.set("authorization", `Bearer ${this.token}`);
    return { ...opts, headers };
  }

  /** The caller's view of the game now (legal actions included in `legalActions`). */
  async view(opts?: CallOptions): Promise<GameView> {
    const res = await this.raw.getView({ gameId: this.gameId }, this.callOptions(opts));
    return res.view ?? missing("GetView.view");
  }

  /** The caller's legal actions now, with the version they belong to (empty if not to act). */
  legalActions(opts?: CallOptions): Promise<ListLegalActionsResponse> {
    return this.raw.listLegalActions({ gameId: this.gameId }, this.callOptions(opts));
  }

  /** The move the server's mcts bot would play for this seat, searched from its own view (`level` 0: default). */
  hint(level = 0, opts?: CallOptions): Promise<GetHintResponse> {
    return this.raw.getHint({ gameId: this.gameId, level }, this.callOptions(opts));
  }

  /**
   * Submits an action (a legal action id, or a typed action) for this seat.
   *
   * Without `expectedVersion` it reads the current version first. On ABORTED (the game moved
   * since) it retries at the current version taken from the error, up to 5 times, with one
   * idempotency key throughout, so a retry after a lost reply never applies the action twice.
   */
  async submit(action: string | ActionInit, options: SubmitOptions = {}): Promise<SubmitActionResponse> {
    const opts: CallOptions = { signal: options.signal };
    let version = options.expectedVersion !== undefined
      ? BigInt(options.expectedVersion)
      : (await this.legalActions(opts)).version;
    const idempotencyKey = options.idempotencyKey ?? globalThis.crypto.randomUUID();
    const retries = options.retries ?? MAX_SUBMIT_RETRIES;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.submitRaw(
          {
            expectedVersion: version,
            idempotencyKey,
            seat: options.seat,
            action: typeof action === "string"
              ? { case: "actionId", value: action }
              : { case: "typed", value: create(ActionSchema, action) },
          },
          opts,
        );
      } catch (err) {
        if (attempt >= retries || !(err instanceof ConnectError) || err.code !== Code.Aborted) throw err;
        version = currentVersionOf(err) ?? (await this.legalActions(opts)).version;
      }
    }
  }

  /** Submits exactly as given (no version lookup, no retry); `gameId` is filled in. */
  submitRaw(req: MessageInitShape<typeof SubmitActionRequestSchema>, opts?: CallOptions): Promise<SubmitActionResponse> {
    return this.raw.submitAction({ ...req, gameId: this.gameId }, this.callOptions(opts));
  }

  /**
   * Every change after `fromVersion`, as this caller may see it: the first message carries all
   * events since then, each later one the events of one write and the view after it. The stream
   * ends when the server ends it; break out of the loop (or abort `signal`) to stop earlier.
   */
  watch(fromVersion: Version = 0n, opts?: CallOptions): AsyncIterable<WatchGameResponse> {
    return this.raw.watchGame(
      { gameId: this.gameId, fromVersion: BigInt(fromVersion) },
      this.callOptions({ timeoutMs: 0, ...opts }),
    );
  }

  /**
   * Every event after `fromVersion` (from 0: the setup events of version 0 too), as this caller
   * may see it, following pages to the end. `pageSize` is versions per page (server default and
   * maximum 500).
   */
  async history(fromVersion: Version = 0n, opts: CallOptions & { pageSize?: number } = {}): Promise<Event[]> {
    const { pageSize = 0, ...callOpts } = opts;
    const events: Event[] = [];
    let from = BigInt(fromVersion);
    for (;;) {
      const page = await this.raw.getHistory(
        { gameId: this.gameId, fromVersion: from, pageSize },
        this.callOptions(callOpts),
      );
      events.push(...page.events);
      // Done at the end, and (defensively) on a page that made no progress.
      if (page.throughVersion >= page.currentVersion || page.throughVersion <= from) return events;
      from = page.throughVersion;
    }
  }

  /**
   * This seat gives up (its token decides which seat). In a game of one or two seats the game
   * ends at once (the other seat wins); with more, the server's bot plays the seat from then on.
   * The response has the view after it and the events from the resignation on.
   */
  resign(opts?: CallOptions): Promise<ResignSeatResponse> {
    return this.raw.resignSeat({ gameId: this.gameId }, this.callOptions(opts));
  }

  /** The caller's view at an earlier version. */
  async replayView(version: Version, opts?: CallOptions): Promise<GameView> {
    const res = await this.raw.getReplayView({ gameId: this.gameId, version: BigInt(version) }, this.callOptions(opts));
    return res.view ?? missing("GetReplayView.view");
  }
}

/** `transport` with `x-api-key: apiKey` added to every call's request headers. */
function withApiKey(transport: Transport, apiKey: string): Transport {
  const headers = (init: HeadersInit | undefined): Headers => {
    const h = new Headers(init);
    h.set(API_KEY_HEADER, apiKey);
    return h;
  };
  return {
    unary: (method, signal, timeoutMs, header, input, contextValues) =>
      transport.unary(method, signal, timeoutMs, headers(header), input, contextValues),
    stream: (method, signal, timeoutMs, header, input, contextValues) =>
      transport.stream(method, signal, timeoutMs, headers(header), input, contextValues),
  };
}

/**
 * Whether a stream's error means that the stream broke rather than that the server refused:
 * UNAVAILABLE; RESOURCE_EXHAUSTED after the stream delivered (a reader too slow for the server's
 * drain time; before, it is a limit on streams); or an error the transport made up itself (no
 * `grpc-status` from the server) that the caller's signal did not cause, since Node's HTTP/2
 * reports a lost connection as CANCELED (or ABORTED on a reset) and a browser's fetch as UNKNOWN.
 */
function brokenStream(err: unknown, delivered: boolean, signal: AbortSignal | undefined): boolean {
  if (!(err instanceof ConnectError) || signal?.aborted) return false;
  if (err.code === Code.Unavailable || (delivered && err.code === Code.ResourceExhausted)) return true;
  const fromServer = err.metadata.has("grpc-status") || err.metadata.has("grpc-status-details-bin");
  return !fromServer && [Code.Canceled, Code.Aborted, Code.Unknown].includes(err.code);
}

/**
 * Waits before the `attempt`-th reconnect: 0.1 s doubling to at most 5 s, each wait a random
 * half to all of that (so that many backends cut off at once do not come back at once).
 */
function backoff(attempt: number, signal: AbortSignal | undefined): Promise<void> {
  const ms = Math.min(5_000, 100 * 2 ** (attempt - 1)) * (0.5 + Math.random() / 2);
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

function missing(what: string): never {
  throw new ConnectError(`the server sent no ${what}`, Code.Internal);
}
