// The Tablero helper: a thin layer over the generated GameService client that adds what every
// caller would otherwise repeat (seat token metadata, versioned idempotent submits with retry,
// following history pages). All wire code is generated (src/gen) and run by Connect.

import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { Code, ConnectError, createClient, type CallOptions, type Client, type Transport } from "@connectrpc/connect";
import {
  ActionSchema,
  GameService,
  Occupant,
  type CreateGameRequestSchema,
  type CreateGameResponse,
  type Event,
  type GameTypeInfo,
  type GameView,
  type JoinGameResponse,
  type ListGamesRequestSchema,
  type ListGamesResponse,
  type ListLegalActionsResponse,
  type SeatSpecSchema,
  type SubmitActionRequestSchema,
  type SubmitActionResponse,
  type WatchGameResponse,
} from "./gen/tablero/v1/game_service_pb.js";
import { currentVersionOf } from "./errors.js";

/** The metadata naming the game a call is about, for routing by game. */
export const GAME_ID_HEADER = "tablero-game-id";

/** The generated client, for anything the helpers do not cover. */
export type GameServiceClient = Client<typeof GameService>;

/** A seat of CreateGameRequest.seats. */
export type SeatSpecInit = MessageInitShape<typeof SeatSpecSchema>;

/** A version as accepted by the helpers (proto uint64 is a bigint in protobuf-es). */
export type Version = bigint | number;

/** How often `submit` retries after ABORTED (someone else moved first). */
export const MAX_SUBMIT_RETRIES = 5;

/** A typed action, e.g. `{ game: { case: "claim", value: { kind: { case: "playCard", value: { card } } } } }`. */
export type ActionInit = MessageInitShape<typeof ActionSchema>;

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

  /** A seat played by the server; `bot` names the bot kind ("random" by default). */
  static bot(bot = "random", name = "bot"): SeatSpecInit {
    return { occupant: Occupant.BOT, name, bot };
  }

  /** A human seat left open for JoinGame. */
  static openSeat(): SeatSpecInit {
    return { occupant: Occupant.OPEN };
  }

  /** The game types this server hosts. */
  async gameTypes(opts?: CallOptions): Promise<GameTypeInfo[]> {
    return (await this.raw.listGameTypes({}, opts)).gameTypes;
  }

  /**
   * Creates a game; the response holds each human seat's token (shown only once). A `seed` or
   * `scenario` needs an API key with the `setup` scope; `listed: true` shows the game in
   * everyone's `listGames`.
   */
  createGame(req: MessageInitShape<typeof CreateGameRequestSchema>, opts?: CallOptions): Promise<CreateGameResponse> {
    return this.raw.createGame(req, opts);
  }

  /** Claims an open seat (the lowest when `seat` is omitted); the response holds its token. */
  joinGame(gameId: string, join: { seat?: number; name?: string } = {}, opts?: CallOptions): Promise<JoinGameResponse> {
    return this.raw.joinGame({ gameId, seat: join.seat, name: join.name ?? "" }, opts);
  }

  /**
   * Games on this server, newest first (one page; pass `pageToken` for the next): the listed
   * ones, or every game with an API key that has the `list` scope.
   */
  listGames(req: MessageInitShape<typeof ListGamesRequestSchema> = {}, opts?: CallOptions): Promise<ListGamesResponse> {
    return this.raw.listGames(req, opts);
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

function missing(what: string): never {
  throw new ConnectError(`the server sent no ${what}`, Code.Internal);
}
