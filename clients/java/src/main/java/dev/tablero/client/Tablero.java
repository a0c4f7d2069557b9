package dev.tablero.client;

import com.google.rpc.ErrorInfo;
import io.grpc.Channel;
import io.grpc.ClientInterceptors;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.protobuf.StatusProto;
import io.grpc.stub.MetadataUtils;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import dev.tablero.v1.ClaimMode;
import dev.tablero.v1.ClaimOptions;
import dev.tablero.v1.GameServiceGrpc;
import dev.tablero.v1.CreateGameRequest;
import dev.tablero.v1.CreateGameResponse;
import dev.tablero.v1.GameOptions;
import dev.tablero.v1.GameSummary;
import dev.tablero.v1.GameTypeInfo;
import dev.tablero.v1.JoinGameRequest;
import dev.tablero.v1.JoinGameResponse;
import dev.tablero.v1.ListGameTypesRequest;
import dev.tablero.v1.ListGamesRequest;
import dev.tablero.v1.ListGamesResponse;
import dev.tablero.v1.ListWebhookDeliveriesRequest;
import dev.tablero.v1.ListWebhookDeliveriesResponse;
import dev.tablero.v1.Occupant;
import dev.tablero.v1.ReissueSeatTokenRequest;
import dev.tablero.v1.ReissueSeatTokenResponse;
import dev.tablero.v1.ReplaceSeatRequest;
import dev.tablero.v1.ReplaceSeatResponse;
import dev.tablero.v1.ResignSeatRequest;
import dev.tablero.v1.ResignSeatResponse;
import dev.tablero.v1.ChessClockTimeControl;
import dev.tablero.v1.DailyTimeControl;
import dev.tablero.v1.PerMoveTimeControl;
import dev.tablero.v1.SeatSpec;
import dev.tablero.v1.TimeControl;
import dev.tablero.v1.TimeoutPolicy;
import dev.tablero.v1.WatchChangesRequest;

/**
 * A connection to a Tablero server.
 *
 * <pre>{@code
 * try (Tablero tablero = Tablero.connect("127.0.0.1", 50051)) {
 *   CreateGameResponse created = tablero.createGame("claim",
 *       Tablero.claimOptions(ClaimMode.CLAIM_MODE_BASE_2P),
 *       List.of(Tablero.human("me"), Tablero.bot()), null);
 *   SeatClient me = tablero.seat(created.getGameId(), created.getCredentials(0).getToken());
 *   me.submit(me.legalActions().getActions(0).getId());
 * }
 * }</pre>
 *
 * <p>A backend connects with its API key ({@code Tablero.connect(host, port, apiKey)}), sent as
 * {@code x-api-key} on every call: only a key with the matching scope may choose a seed or a
 * scenario, list unlisted games or delete any game. Players' apps connect without one.
 *
 * <p>Thread-safe; share one per server. {@link #close()} shuts the channel down if this object
 * opened it.
 */
public final class Tablero implements AutoCloseable {
  /** The deadline of each unary call unless {@link #withCallTimeout} says otherwise. */
  public static final Duration DEFAULT_CALL_TIMEOUT = Duration.ofSeconds(30);

  /** The metadata key carrying a backend's API key. */
  public static final Metadata.Key<String> API_KEY_HEADER =
      Metadata.Key.of("x-api-key", Metadata.ASCII_STRING_MARSHALLER);

  /** Trailer carrying the violated rule ID of a FAILED_PRECONDITION. */
  public static final Metadata.Key<String> RULE_ID_TRAILER =
      Metadata.Key.of("tablero-rule-id", Metadata.ASCII_STRING_MARSHALLER);

  /** Trailer carrying the game's current version of an ABORTED. */
  public static final Metadata.Key<String> CURRENT_VERSION_TRAILER =
      Metadata.Key.of("tablero-current-version", Metadata.ASCII_STRING_MARSHALLER);

  private final Channel channel;
  private final @Nullable ManagedChannel owned;
  private final Duration callTimeout;

  private Tablero(Channel channel, @Nullable ManagedChannel owned, Duration callTimeout) {
    this.channel = channel;
    this.owned = owned;
    this.callTimeout = callTimeout;
  }

  /** Connects without TLS (a local or in-cluster server). The channel connects lazily. */
  public static Tablero connect(String host, int port) {
    return connect(host, port, null);
  }

  /**
   * Connects without TLS as a backend: every call carries {@code apiKey} as {@code x-api-key}
   * ({@code null}: none, as {@link #connect(String, int)}).
   */
  public static Tablero connect(String host, int port, @Nullable String apiKey) {
    ManagedChannel ch = ManagedChannelBuilder.forAddress(host, port).usePlaintext().build();
    return new Tablero(withApiKey(ch, apiKey), ch, DEFAULT_CALL_TIMEOUT);
  }

  /** Connects with TLS, trusting the platform's roots. */
  public static Tablero connectTls(String host, int port) {
    return connectTls(host, port, null);
  }

  /** Connects with TLS as a backend: every call carries {@code apiKey} as {@code x-api-key}. */
  public static Tablero connectTls(String host, int port, @Nullable String apiKey) {
    ManagedChannel ch = ManagedChannelBuilder.forAddress(host, port).useTransportSecurity().build();
    return new Tablero(withApiKey(ch, apiKey), ch, DEFAULT_CALL_TIMEOUT);
  }

  /**
   * Uses a channel the caller built (e.g. {@code OkHttpChannelBuilder} on Android, or one with
   * interceptors). {@link #close()} then leaves the channel open: its owner shuts it down.
   */
  public static Tablero over(Channel channel) {
    return over(channel, null);
  }

  /** {@link #over(Channel)} as a backend: every call carries {@code apiKey} as {@code x-api-key}. */
  public static Tablero over(Channel channel, @Nullable String apiKey) {
    Objects.requireNonNull(channel, "channel");
    return new Tablero(withApiKey(channel, apiKey), null, DEFAULT_CALL_TIMEOUT);
  }

  private static Channel withApiKey(Channel channel, @Nullable String apiKey) {
    if (apiKey == null) {
      return channel;
    }
    Metadata md = new Metadata();
    md.put(API_KEY_HEADER, apiKey);
    return ClientInterceptors.intercept(channel, MetadataUtils.newAttachHeadersInterceptor(md));
  }

  /**
   * The same connection with another deadline for unary calls (watch streams have none). The
   * result shares this object's channel: close this one, not the result.
   */
  public Tablero withCallTimeout(Duration timeout) {
    return new Tablero(channel, null, timeout);
  }

  /** The channel (carrying the API key, when there is one), for anything the helpers do not cover. */
  public Channel channel() {
    return channel;
  }

  /** A generated blocking stub without a token (add one with {@link SeatClient#raw()}). */
  public GameServiceGrpc.GameServiceBlockingStub raw() {
    return GameServiceGrpc.newBlockingStub(channel);
  }

  Duration callTimeout() {
    return callTimeout;
  }

  private GameServiceGrpc.GameServiceBlockingStub stub() {
    return raw().withDeadlineAfter(callTimeout.toMillis(), TimeUnit.MILLISECONDS);
  }

  /** {@link #stub()} naming the game ({@code tablero-game-id}), as a seat's calls do. */
  private GameServiceGrpc.GameServiceBlockingStub gameStub(String gameId) {
    Metadata md = new Metadata();
    md.put(SeatClient.GAME_ID, gameId);
    return stub().withInterceptors(MetadataUtils.newAttachHeadersInterceptor(md));
  }

  // ---- seat specs and options -------------------------------------------------------------

  /** A seat for a person (or program) who will hold its token. */
  public static SeatSpec human(String name) {
    return SeatSpec.newBuilder().setOccupant(Occupant.OCCUPANT_HUMAN).setName(name).build();
  }

  /**
   * A human seat for the backend's user {@code playerRef} (its own user id), so that {@link
   * #playerGames} finds the game. Only a caller with an API key may set it; views show it to API
   * keys only ({@link #publicPlayer} shows it to everybody).
   */
  public static SeatSpec player(String name, String playerRef) {
    return human(name).toBuilder().setPlayerRef(playerRef).build();
  }

  /** {@link #player} with the player's ref shown to every viewer, not only to API keys. */
  public static SeatSpec publicPlayer(String name, String playerRef) {
    return player(name, playerRef).toBuilder().setPlayerRefPublic(true).build();
  }

  /** A seat the server plays with its "random" bot. */
  public static SeatSpec bot() {
    return bot("random");
  }

  /** A seat the server plays with the named bot kind (see {@link GameTypeInfo#getBotsList()}). */
  public static SeatSpec bot(String kind) {
    return SeatSpec.newBuilder()
        .setOccupant(Occupant.OCCUPANT_BOT)
        .setName("bot")
        .setBot(kind)
        .build();
  }

  /**
   * A seat the server plays with the named bot kind ("random", "greedy", "mcts": see {@link
   * GameTypeInfo#getBotKindsList()}) at {@code level} (0 for the kind's default level).
   */
  public static SeatSpec bot(String kind, int level) {
    return bot(kind).toBuilder().setBotLevel(level).build();
  }

  /** A human seat nobody holds yet; {@link #joinGame} claims it. */
  public static SeatSpec openSeat() {
    return SeatSpec.newBuilder().setOccupant(Occupant.OCCUPANT_OPEN).build();
  }

  /** Claim options for a mode, everything else default. */
  public static GameOptions claimOptions(ClaimMode mode) {
    return GameOptions.newBuilder().setClaim(ClaimOptions.newBuilder().setMode(mode)).build();
  }

  // ---- time controls ----------------------------------------------------------------------

  /**
   * Turn clocks of {@code seconds} for every decision (1 to 2,592,000; the server checks), for
   * {@link CreateGameRequest.Builder#setTimeControl}. When a seat's time runs out the server's bot
   * decides for it.
   */
  public static TimeControl perMove(int seconds) {
    return perMove(seconds, TimeoutPolicy.TIMEOUT_POLICY_UNSPECIFIED);
  }

  /** {@link #perMove(int)} with what happens when a seat's time runs out. */
  public static TimeControl perMove(int seconds, TimeoutPolicy onTimeout) {
    return TimeControl.newBuilder()
        .setPerMove(PerMoveTimeControl.newBuilder().setSeconds(seconds))
        .setOnTimeout(onTimeout)
        .build();
  }

  /**
   * A chess clock: {@code initialSeconds} per seat (1 to 2,592,000), spent while the seat decides,
   * {@code incrementSeconds} (0 to 86,400) added back after each decision.
   */
  public static TimeControl chessClock(int initialSeconds, int incrementSeconds) {
    return chessClock(initialSeconds, incrementSeconds, TimeoutPolicy.TIMEOUT_POLICY_UNSPECIFIED);
  }

  /** {@link #chessClock(int, int)} with what happens when a seat's time runs out. */
  public static TimeControl chessClock(
      int initialSeconds, int incrementSeconds, TimeoutPolicy onTimeout) {
    return TimeControl.newBuilder()
        .setChessClock(
            ChessClockTimeControl.newBuilder()
                .setInitialSeconds(initialSeconds)
                .setIncrementSeconds(incrementSeconds))
        .setOnTimeout(onTimeout)
        .build();
  }

  /** Asynchronous play: each decision within {@code days} (1 to 30). */
  public static TimeControl daily(int days) {
    return daily(days, TimeoutPolicy.TIMEOUT_POLICY_UNSPECIFIED);
  }

  /** {@link #daily(int)} with what happens when a seat's time runs out. */
  public static TimeControl daily(int days, TimeoutPolicy onTimeout) {
    return TimeControl.newBuilder()
        .setDaily(DailyTimeControl.newBuilder().setDays(days))
        .setOnTimeout(onTimeout)
        .build();
  }

  // ---- calls ------------------------------------------------------------------------------

  /** The game types this server hosts. */
  public List<GameTypeInfo> gameTypes() {
    return stub().listGameTypes(ListGameTypesRequest.getDefaultInstance()).getGameTypesList();
  }

  /**
   * Creates a game as given; the response holds each human seat's token (only here). A seed or
   * a scenario needs an API key with the {@code setup} scope; {@code listed} shows the game in
   * everyone's {@link #listGames}; a time control ({@link #perMove}, {@link #chessClock}, {@link
   * #daily}) times it, and its views then carry the clocks ({@code GameView.getClock()}).
   */
  public CreateGameResponse createGame(CreateGameRequest request) {
    return stub().createGame(request);
  }

  /**
   * Creates an unlisted game.
   *
   * @param options the game's options, or {@code null} for the game's defaults
   * @param seed seeds all randomness (needs an API key with the {@code setup} scope), or
   *     {@code null} for a random game
   */
  public CreateGameResponse createGame(
      String gameType, @Nullable GameOptions options, List<SeatSpec> seats, @Nullable Long seed) {
    return createGame(gameType, options, seats, seed, false);
  }

  /**
   * Creates a game.
   *
   * @param options the game's options, or {@code null} for the game's defaults
   * @param seed seeds all randomness (needs an API key with the {@code setup} scope), or
   *     {@code null} for a random game
   * @param listed whether the game shows in everyone's {@link #listGames} (else it is reached by
   *     id, and listed to API keys with the {@code list} scope)
   */
  public CreateGameResponse createGame(
      String gameType,
      @Nullable GameOptions options,
      List<SeatSpec> seats,
      @Nullable Long seed,
      boolean listed) {
    return createGame(gameType, options, seats, seed, listed, null);
  }

  /**
   * Creates a game, timed or not.
   *
   * @param options the game's options, or {@code null} for the game's defaults
   * @param seed seeds all randomness (needs an API key with the {@code setup} scope), or
   *     {@code null} for a random game
   * @param listed whether the game shows in everyone's {@link #listGames}
   * @param timeControl turn clocks ({@link #perMove}, {@link #chessClock}, {@link #daily}), or
   *     {@code null} for an untimed game
   */
  public CreateGameResponse createGame(
      String gameType,
      @Nullable GameOptions options,
      List<SeatSpec> seats,
      @Nullable Long seed,
      boolean listed,
      @Nullable TimeControl timeControl) {
    CreateGameRequest.Builder b =
        CreateGameRequest.newBuilder().setGameType(gameType).setListed(listed);
    if (options != null) {
      b.setOptions(options);
    }
    b.addAllSeats(seats);
    if (seed != null) {
      b.setSeed(seed);
    }
    if (timeControl != null) {
      b.setTimeControl(timeControl);
    }
    return createGame(b.build());
  }

  /**
   * Claims an open seat; the response holds its token (only here).
   *
   * @param seat the seat to claim, or {@code null} for the lowest open one
   */
  public JoinGameResponse joinGame(String gameId, @Nullable Integer seat, String name) {
    JoinGameRequest.Builder b = JoinGameRequest.newBuilder().setGameId(gameId).setName(name);
    if (seat != null) {
      b.setSeat(seat);
    }
    return stub().joinGame(b.build());
  }

  /**
   * Claims an open seat for a backend's user: the name, the player ref and whether it is public
   * come from {@code who}, as {@link #player} or {@link #publicPlayer} build it. A player ref
   * needs an API key. The response holds the seat's token (only here).
   *
   * @param seat the seat to claim, or {@code null} for the lowest open one
   */
  public JoinGameResponse joinGameAs(String gameId, @Nullable Integer seat, SeatSpec who) {
    JoinGameRequest.Builder b =
        JoinGameRequest.newBuilder()
            .setGameId(gameId)
            .setName(who.getName())
            .setPlayerRef(who.getPlayerRef())
            .setPlayerRefPublic(who.getPlayerRefPublic());
    if (seat != null) {
      b.setSeat(seat);
    }
    return stub().joinGame(b.build());
  }

  /**
   * One page of the games on this server, newest first: the listed ones, or every game for an
   * API key with the {@code list} scope.
   */
  public ListGamesResponse listGames(ListGamesRequest request) {
    return stub().listGames(request);
  }

  /**
   * One player's games (every game with a seat of {@code playerRef}, listed or not), newest
   * first, from all pages: "my games", or with {@code toAct} only the games waiting for that
   * player. Needs an API key with the {@code list} scope.
   */
  public List<GameSummary> playerGames(String playerRef, boolean toAct) {
    ListGamesRequest.Builder req =
        ListGamesRequest.newBuilder().setPlayerRef(playerRef).setToAct(toAct);
    List<GameSummary> games = new ArrayList<>();
    while (true) {
      // A page may hold fewer games than asked while more follow: go on while there is a token.
      ListGamesResponse page = listGames(req.build());
      games.addAll(page.getGamesList());
      if (page.getNextPageToken().isEmpty()) {
        return games;
      }
      req.setPageToken(page.getNextPageToken());
    }
  }

  /**
   * A backend resigns {@code seat} for its player (API key with the {@code seats} scope); a
   * player resigns with {@link SeatClient#resign()}. A game of one or two seats ends (the other
   * seat wins); with more, the server's bot plays the seat from then on.
   */
  public ResignSeatResponse resignSeat(String gameId, int seat) {
    return gameStub(gameId)
        .resignSeat(ResignSeatRequest.newBuilder().setGameId(gameId).setSeat(seat).build());
  }

  /**
   * A backend (API key with the {@code seats} scope) hands {@code seat} to the server's bot
   * ({@link Occupant#OCCUPANT_BOT}, e.g. for a player who left) or back to its person ({@link
   * Occupant#OCCUPANT_HUMAN}: the seat's token works again; a seat that never had one gets a
   * fresh token in {@code credential}).
   */
  public ReplaceSeatResponse replaceSeat(String gameId, int seat, Occupant occupant) {
    return gameStub(gameId)
        .replaceSeat(
            ReplaceSeatRequest.newBuilder()
                .setGameId(gameId)
                .setSeat(seat)
                .setOccupant(occupant)
                .build());
  }

  /**
   * A backend (API key with the {@code seats} scope) gives a human seat a new token, returned
   * once in {@code credential}; the old token stops working at once.
   */
  public ReissueSeatTokenResponse reissueSeatToken(String gameId, int seat) {
    return gameStub(gameId)
        .reissueSeatToken(
            ReissueSeatTokenRequest.newBuilder().setGameId(gameId).setSeat(seat).build());
  }

  /**
   * The changes of every game matching the request's filter ({@code gameType}, {@code playerRef},
   * {@code kinds}) as the server commits them: games created, seats to act, games finished,
   * deadlines passed, seat changes, campaign plays folded. Needs an API key with the {@code feed}
   * scope. {@code cursor} resumes after a change delivered earlier ({@code Change.getCursor()},
   * e.g. one the caller stored); without one the feed starts with the changes after the call, or
   * with {@code fromStart} with the oldest change the server keeps.
   *
   * <p>The feed reconnects from its last cursor when the stream breaks with {@code UNAVAILABLE},
   * so every change arrives once and in order; see {@link ChangeFeed}. A cursor older than the
   * server keeps is {@code FAILED_PRECONDITION} (reason {@code CURSOR_EXPIRED}).
   *
   * <pre>{@code
   * try (ChangeFeed feed = backend.watchChanges(
   *     WatchChangesRequest.newBuilder().setPlayerRef("user-17").build())) {
   *   for (Change change : feed) { ... }
   * }
   * }</pre>
   */
  public ChangeFeed watchChanges(WatchChangesRequest request) {
    return ChangeFeed.open(raw(), request);
  }

  /**
   * The operator's webhook endpoints (with the cursor each has been delivered up to) and their
   * latest deliveries, newest first. Needs an API key with the {@code webhooks} scope.
   *
   * @param endpoint one endpoint's name, or {@code ""} for all
   * @param pageSize deliveries at most ({@code 0}: the server's default, 50; at most 500)
   */
  public ListWebhookDeliveriesResponse listWebhookDeliveries(String endpoint, int pageSize) {
    return stub()
        .listWebhookDeliveries(
            ListWebhookDeliveriesRequest.newBuilder()
                .setEndpoint(endpoint)
                .setPageSize(pageSize)
                .build());
  }

  /** Acting as (and seeing what is visible to) the seat whose token this is. */
  public SeatClient seat(String gameId, String token) {
    return new SeatClient(this, gameId, Objects.requireNonNull(token, "token"));
  }

  /** Seeing the game as a spectator (public information only); cannot act. */
  public SeatClient spectator(String gameId) {
    return new SeatClient(this, gameId, null);
  }

  /** Shuts down the channel if {@link #connect} opened it, waiting up to five seconds. */
  @Override
  public void close() {
    ManagedChannel ch = owned;
    if (ch == null) {
      return;
    }
    ch.shutdown();
    try {
      if (!ch.awaitTermination(5, TimeUnit.SECONDS)) {
        ch.shutdownNow();
      }
    } catch (InterruptedException e) {
      ch.shutdownNow();
      Thread.currentThread().interrupt();
    }
  }

  // ---- errors -----------------------------------------------------------------------------

  /**
   * The violated rule ID (e.g. {@code CLM-TRK.4}) of a FAILED_PRECONDITION, from the
   * {@code google.rpc.ErrorInfo} details, else from the {@code tablero-rule-id} trailer;
   * {@code null} when the error carries none.
   */
  public static @Nullable String ruleId(Throwable error) {
    return detail(error, "rule_id", RULE_ID_TRAILER);
  }

  /**
   * The game's current version carried by an ABORTED (stale {@code expected_version}), from the
   * ErrorInfo details, else from the {@code tablero-current-version} trailer; {@code null} when
   * the error carries none.
   */
  public static @Nullable Long currentVersion(Throwable error) {
    String v = detail(error, "current_version", CURRENT_VERSION_TRAILER);
    if (v == null) {
      return null;
    }
    try {
      return Long.parseUnsignedLong(v.trim());
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** The {@code google.rpc.ErrorInfo} of an error's status details, if it has one. */
  public static @Nullable ErrorInfo errorInfo(Throwable error) {
    com.google.rpc.Status status = StatusProto.fromThrowable(error);
    if (status == null) {
      return null;
    }
    for (com.google.protobuf.Any any : status.getDetailsList()) {
      if (any.is(ErrorInfo.class)) {
        try {
          return any.unpack(ErrorInfo.class);
        } catch (com.google.protobuf.InvalidProtocolBufferException e) {
          return null;
        }
      }
    }
    return null;
  }

  /** The gRPC status code of an error ({@code UNKNOWN} when it carries none). */
  public static Status.Code code(Throwable error) {
    return Status.fromThrowable(error).getCode();
  }

  private static @Nullable String detail(Throwable error, String key, Metadata.Key<String> trailer) {
    ErrorInfo info = errorInfo(error);
    if (info != null && info.containsMetadata(key)) {
      return info.getMetadataOrThrow(key);
    }
    Metadata trailers = Status.trailersFromThrowable(error);
    return trailers == null ? null : trailers.get(trailer);
  }

  /** A fresh random idempotency key (one per intent; reuse it only to retry the same intent). */
  public static String newIdempotencyKey() {
    return UUID.randomUUID().toString();
  }
}
