package dev.tablero.client;

import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.MetadataUtils;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import dev.tablero.v1.GameServiceGrpc;
import dev.tablero.v1.Action;
import dev.tablero.v1.Event;
import dev.tablero.v1.GameView;
import dev.tablero.v1.GetHintRequest;
import dev.tablero.v1.GetHintResponse;
import dev.tablero.v1.GetHistoryRequest;
import dev.tablero.v1.GetHistoryResponse;
import dev.tablero.v1.GetReplayViewRequest;
import dev.tablero.v1.GetViewRequest;
import dev.tablero.v1.LegalAction;
import dev.tablero.v1.ListLegalActionsRequest;
import dev.tablero.v1.ListLegalActionsResponse;
import dev.tablero.v1.ResignSeatRequest;
import dev.tablero.v1.ResignSeatResponse;
import dev.tablero.v1.SubmitActionRequest;
import dev.tablero.v1.SubmitActionResponse;
import dev.tablero.v1.WatchGameRequest;

/**
 * One caller's handle on one game: a seat (with its token) or a spectator (without).
 *
 * <p>Immutable and thread-safe. Every method is one or a few blocking calls and throws
 * {@link StatusRuntimeException} on failure; read the rule ID or current version out of it with
 * {@link Tablero#ruleId} / {@link Tablero#currentVersion}.
 */
public final class SeatClient {
  /** How often {@link #submit} retries after ABORTED (someone else moved first). */
  public static final int MAX_ABORTED_RETRIES = 5;

  private static final Metadata.Key<String> AUTHORIZATION =
      Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER);

  /** The metadata naming the game a call is about, for routing a game's calls to one replica. */
  public static final Metadata.Key<String> GAME_ID =
      Metadata.Key.of("tablero-game-id", Metadata.ASCII_STRING_MARSHALLER);

  private final Tablero tablero;
  private final String gameId;
  private final boolean spectator;
  private final GameServiceGrpc.GameServiceBlockingStub stub;

  SeatClient(Tablero tablero, String gameId, @Nullable String token) {
    this.tablero = tablero;
    this.gameId = gameId;
    this.spectator = token == null;
    // The game id lets a load balancer send a game's calls to one replica.
    Metadata md = new Metadata();
    md.put(GAME_ID, gameId);
    if (token != null) {
      md.put(AUTHORIZATION, "Bearer " + token);
    }
    this.stub =
        GameServiceGrpc.newBlockingStub(tablero.channel())
            .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(md));
  }

  public String gameId() {
    return gameId;
  }

  /** True when this handle has no token. */
  public boolean isSpectator() {
    return spectator;
  }

  /**
   * The generated blocking stub carrying this caller's {@code authorization} metadata, for
   * anything the helpers do not cover. It has no deadline: add one with
   * {@code withDeadlineAfter}.
   */
  public GameServiceGrpc.GameServiceBlockingStub raw() {
    return stub;
  }

  private GameServiceGrpc.GameServiceBlockingStub call() {
    return stub.withDeadlineAfter(tablero.callTimeout().toMillis(), TimeUnit.MILLISECONDS);
  }

  /** The caller's view of the game now (its {@code legal_actions} are the caller's). */
  public GameView view() {
    return call().getView(GetViewRequest.newBuilder().setGameId(gameId).build()).getView();
  }

  /** The caller's legal actions now, with the version they hold at (empty if it need not act). */
  public ListLegalActionsResponse legalActions() {
    return call()
        .listLegalActions(ListLegalActionsRequest.newBuilder().setGameId(gameId).build());
  }

  /** The move the server's mcts bot would play for this seat, searched from its own view (level 0: default). */
  public GetHintResponse hint(int level) {
    return call().getHint(GetHintRequest.newBuilder().setGameId(gameId).setLevel(level).build());
  }

  /**
   * Submits a legal action id at the current version (one extra round trip to learn it). On
   * ABORTED it retries up to {@value #MAX_ABORTED_RETRIES} times at the version the error
   * carries, with one idempotency key throughout, so a retry after a lost reply never applies
   * the action twice.
   */
  public SubmitActionResponse submit(String actionId) {
    return submitAt(legalActions().getVersion(), actionId);
  }

  /** As {@link #submit(String)}, starting from a version the caller saw (e.g. its view's). */
  public SubmitActionResponse submitAt(long expectedVersion, String actionId) {
    return submitWithRetry(
        expectedVersion, SubmitActionRequest.newBuilder().setActionId(actionId));
  }

  /** As {@link #submit(String)}, for a typed action (e.g. a {@code ClaimAction}). */
  public SubmitActionResponse submit(Action action) {
    return submitAt(legalActions().getVersion(), action);
  }

  /** As {@link #submitAt(long, String)}, for a typed action. */
  public SubmitActionResponse submitAt(long expectedVersion, Action action) {
    return submitWithRetry(expectedVersion, SubmitActionRequest.newBuilder().setTyped(action));
  }

  /** Submits a {@link LegalAction} from {@link #legalActions()} or a view, by its id. */
  public SubmitActionResponse submit(LegalAction action) {
    return submit(action.getId());
  }

  /**
   * Sends the request exactly as given: no retry, and the game id, idempotency key and version
   * are the caller's.
   */
  public SubmitActionResponse submitRaw(SubmitActionRequest request) {
    return call().submitAction(request);
  }

  private SubmitActionResponse submitWithRetry(long version, SubmitActionRequest.Builder action) {
    SubmitActionRequest.Builder req =
        action.setGameId(gameId).setIdempotencyKey(Tablero.newIdempotencyKey());
    long expected = version;
    for (int attempt = 0; ; attempt++) {
      try {
        return submitRaw(req.setExpectedVersion(expected).build());
      } catch (StatusRuntimeException e) {
        if (e.getStatus().getCode() != Status.Code.ABORTED || attempt >= MAX_ABORTED_RETRIES) {
          throw e;
        }
        Long current = Tablero.currentVersion(e);
        expected = current != null ? current : legalActions().getVersion();
      }
    }
  }

  /**
   * Every change after {@code fromVersion} as this caller may see it; from 0 the first message
   * also carries the setup events (version 0). Each message holds the new events and the view
   * after them. The stream ends after the message whose view is FINISHED; close it to stop
   * earlier. Iterating blocks, and throws {@link StatusRuntimeException} if the stream fails
   * (e.g. UNAVAILABLE when the server shuts down: watch again from the last version seen).
   */
  public WatchStream watch(long fromVersion) {
    return WatchStream.open(
        stub, WatchGameRequest.newBuilder().setGameId(gameId).setFromVersion(fromVersion).build());
  }

  /** Every event after {@code fromVersion} (from 0: the setup's too), following all pages. */
  public List<Event> history(long fromVersion) {
    List<Event> events = new ArrayList<>();
    long from = fromVersion;
    while (true) {
      GetHistoryResponse page = historyPage(from, 0);
      events.addAll(page.getEventsList());
      if (Long.compareUnsigned(page.getThroughVersion(), page.getCurrentVersion()) >= 0
          || page.getThroughVersion() == from && page.getEventsCount() == 0) {
        return events;
      }
      from = page.getThroughVersion();
    }
  }

  /** One page of history: versions after {@code fromVersion}, at most {@code pageSize} (0: 500). */
  public GetHistoryResponse historyPage(long fromVersion, int pageSize) {
    return call()
        .getHistory(
            GetHistoryRequest.newBuilder()
                .setGameId(gameId)
                .setFromVersion(fromVersion)
                .setPageSize(pageSize)
                .build());
  }

  /**
   * This seat gives up (its token decides which seat). A game of one or two seats ends at once
   * (the other seat wins); with more, the server's bot plays the seat from then on. The response
   * holds the view after it and the events from the resignation on.
   */
  public ResignSeatResponse resign() {
    return call().resignSeat(ResignSeatRequest.newBuilder().setGameId(gameId).build());
  }

  /** The caller's view as it was at {@code version}. */
  public GameView replayView(long version) {
    return call()
        .getReplayView(
            GetReplayViewRequest.newBuilder().setGameId(gameId).setVersion(version).build())
        .getView();
  }

  /** The seat a view was made for, or {@code null} for a spectator's view. */
  public static @Nullable Integer viewerSeat(GameView view) {
    return view.hasViewerSeat() ? view.getViewerSeat() : null;
  }
}
