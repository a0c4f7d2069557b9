package dev.tablero.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import dev.tablero.v1.ClaimAction;
import dev.tablero.v1.ClaimCard;
import dev.tablero.v1.ClaimFaction;
import dev.tablero.v1.ClaimMode;
import dev.tablero.v1.ClaimPending;
import dev.tablero.v1.ClaimView;
import dev.tablero.v1.Action;
import dev.tablero.v1.CreateGameResponse;
import dev.tablero.v1.Event;
import dev.tablero.v1.GameStatus;
import dev.tablero.v1.GameView;
import dev.tablero.v1.JoinGameResponse;
import dev.tablero.v1.LegalAction;
import dev.tablero.v1.ListLegalActionsResponse;
import dev.tablero.v1.SeatCredential;
import dev.tablero.v1.SeatSpec;
import dev.tablero.v1.SubmitActionRequest;
import dev.tablero.v1.SubmitActionResponse;
import dev.tablero.v1.WatchGameResponse;

/** Everything through the Java client only, against the real server binary. */
@ExtendWith(TableroServer.class)
class TableroClientTest {
  private static final int MAX_MOVES = 2000;

  private static Tablero tablero;

  @BeforeAll
  static void connect(TableroServer.Running server) {
    tablero = server.connect();
  }

  @AfterAll
  static void disconnect() {
    tablero.close();
  }

  // ---- helpers --------------------------------------------------------------------------------

  /** A created game with every human seat's client. */
  private record Game(
      String id, List<SeatClient> seats, List<Integer> seatNumbers, List<String> tokens) {
    SeatClient seat(int n) {
      return seats.get(seatNumbers.indexOf(n));
    }

    String token(int n) {
      return tokens.get(seatNumbers.indexOf(n));
    }

    SeatClient spectator() {
      return tablero.spectator(id);
    }
  }

  private static Game create(ClaimMode mode, long seed, SeatSpec... seats) {
    CreateGameResponse created =
        tablero.createGame("claim", Tablero.claimOptions(mode), List.of(seats), seed);
    List<SeatClient> clients = new ArrayList<>();
    List<Integer> numbers = new ArrayList<>();
    List<String> tokens = new ArrayList<>();
    for (SeatCredential c : created.getCredentialsList()) {
      clients.add(tablero.seat(created.getGameId(), c.getToken()));
      numbers.add(c.getSeat());
      tokens.add(c.getToken());
    }
    return new Game(created.getGameId(), clients, numbers, tokens);
  }

  /**
   * One move: a seat that must act picks one of its listed legal actions at random. Returns null
   * once the game is over.
   */
  private static SubmitActionResponse step(Game game, Random rng) {
    GameView spectator = game.spectator().view();
    if (spectator.getStatus() == GameStatus.GAME_STATUS_FINISHED) {
      return null;
    }
    assertFalse(spectator.getToActList().isEmpty(), "an active game has a seat to act");
    SeatClient actor = game.seat(spectator.getToAct(0));
    GameView view = actor.view();
    List<LegalAction> legal = view.getLegalActionsList();
    assertFalse(legal.isEmpty(), "the seat to act has legal actions: " + view.getToActList());
    assertEquals(legal, actor.legalActions().getActionsList(), "view and list agree");
    LegalAction choice = legal.get(rng.nextInt(legal.size()));
    SubmitActionResponse resp = actor.submitAt(view.getVersion(), choice.getId());
    assertTrue(resp.getView().getVersion() > view.getVersion(), "a move makes a new version");
    return resp;
  }

  private static GameView playToEnd(Game game, Random rng) {
    for (int i = 0; i < MAX_MOVES; i++) {
      if (step(game, rng) == null) {
        return game.spectator().view();
      }
    }
    throw new AssertionError("the game did not end in " + MAX_MOVES + " moves");
  }

  private static StatusRuntimeException refused(Status.Code code, Runnable call, String what) {
    StatusRuntimeException e = assertThrows(StatusRuntimeException.class, call::run, what);
    assertEquals(code, e.getStatus().getCode(), what + ": " + e.getStatus());
    return e;
  }

  /** Everything any caller may read about a game, to show a refused call changed nothing. */
  private static List<Object> snapshot(Game game) {
    List<Object> s = new ArrayList<>();
    s.add(game.spectator().view());
    s.add(game.spectator().history(0));
    for (SeatClient seat : game.seats()) {
      s.add(seat.view());
      s.add(seat.legalActions());
    }
    return s;
  }

  private static String cardId(ClaimCard c) {
    String faction =
        c.getFaction().name().substring("CLAIM_FACTION_".length()).toLowerCase(Locale.ROOT);
    return faction + ":" + c.getValue() + ":" + c.getCopy();
  }

  private static Action typedPlay(ClaimCard card) {
    return Action.newBuilder()
        .setClaim(
            ClaimAction.newBuilder()
                .setPlayCard(ClaimAction.PlayCard.newBuilder().setCard(card)))
        .build();
  }

  // ---- tests ------------------------------------------------------------------------------------

  @Test
  void playsAGameAgainstABotToTheEnd() {
    assertTrue(
        tablero.gameTypes().stream().anyMatch(t -> t.getGameType().equals("claim")),
        "the server hosts claim");
    Game game =
        create(ClaimMode.CLAIM_MODE_BASE_2P, 11, Tablero.human("java"), Tablero.bot());
    assertEquals(List.of(0), game.seatNumbers(), "one token, for the human seat");
    SeatClient me = game.seat(0);
    Random rng = new Random(11);
    int moves = 0;
    while (true) {
      GameView view = me.view();
      assertEquals(Integer.valueOf(0), SeatClient.viewerSeat(view));
      if (view.getStatus() == GameStatus.GAME_STATUS_FINISHED) {
        break;
      }
      // The bot moves within our own submit, so it is always our turn while the game is on.
      assertEquals(List.of(0), view.getToActList());
      ListLegalActionsResponse legal = me.legalActions();
      assertEquals(view.getVersion(), legal.getVersion());
      LegalAction choice = legal.getActions(rng.nextInt(legal.getActionsCount()));
      me.submit(choice);
      assertTrue(++moves < MAX_MOVES, "the game ends");
    }
    GameView end = me.view();
    assertEquals(GameStatus.GAME_STATUS_FINISHED, end.getStatus());
    assertTrue(end.hasOutcome(), "a finished game has an outcome");
    assertEquals(2, end.getOutcome().getPlacesCount(), "a place per seat");
    assertTrue(
        end.getOutcome().getDraw() || end.getOutcome().getWinnersCount() > 0,
        "a winner or a draw: " + end.getOutcome());
    assertTrue(end.getLegalActionsList().isEmpty(), "nothing to do after the end");
    assertNull(SeatClient.viewerSeat(game.spectator().view()), "a spectator has no seat");

    // History and replay agree with the live game.
    List<Event> history = me.history(0);
    assertEquals(end.getVersion(), history.get(history.size() - 1).getVersion());
    assertEquals(0, history.get(0).getVersion(), "from 0 the setup events come first");
    assertEquals(end.getVersion(), me.replayView(end.getVersion()).getVersion());
    assertEquals(0, me.replayView(0).getVersion());
    assertEquals(
        history.subList(
            (int) history.stream().filter(e -> e.getVersion() <= 5).count(), history.size()),
        me.history(5),
        "history from a version is the tail");
  }

  @Test
  void joiningAnOpenSeatGivesItsToken() {
    Game game = create(ClaimMode.CLAIM_MODE_BASE_2P, 12, Tablero.human("a"), Tablero.openSeat());
    JoinGameResponse joined = tablero.joinGame(game.id(), null, "b");
    assertEquals(1, joined.getCredential().getSeat());
    SeatClient b = tablero.seat(game.id(), joined.getCredential().getToken());
    assertEquals(Integer.valueOf(1), SeatClient.viewerSeat(b.view()));
    refused(
        Status.Code.FAILED_PRECONDITION,
        () -> tablero.joinGame(game.id(), 1, "c"),
        "a seat is claimed once");
  }

  @Test
  void illegalMovesAreRefusedWithTheRuleId() {
    // The bot (seat 0) leads; the human (seat 1) follows until it holds the lead faction and
    // another card it may therefore not play. A seed may end without that: try the next one.
    for (long seed = 5; seed < 25; seed++) {
      Game game =
          create(ClaimMode.CLAIM_MODE_BASE_2P, seed, Tablero.bot(), Tablero.human("java"));
      SeatClient me = game.seat(1);
      Random rng = new Random(seed);
      for (int i = 0; i < MAX_MOVES; i++) {
        GameView view = me.view();
        if (view.getStatus() == GameStatus.GAME_STATUS_FINISHED) {
          break;
        }
        ClaimView c = view.getClaim();
        List<ClaimCard> hand = c.getPlayers(1).getHandList();
        ClaimFaction lead = c.getLeadFaction();
        boolean following =
            view.getToActList().equals(List.of(1))
                && c.getPending().getKind() == ClaimPending.Kind.KIND_PLAY_CARD
                && c.getTrickCount() > 0;
        if (following && hand.stream().anyMatch(h -> h.getFaction() == lead)) {
          ClaimCard off =
              hand.stream()
                  .filter(
                      h ->
                          h.getFaction() != lead
                              && h.getFaction() != ClaimFaction.CLAIM_FACTION_DOPPELGANGERS)
                  .findFirst()
                  .orElse(null);
          if (off != null) {
            checkRefusals(game, view, off);
            return;
          }
        }
        List<LegalAction> legal = view.getLegalActionsList();
        me.submitAt(view.getVersion(), legal.get(rng.nextInt(legal.size())).getId());
      }
    }
    fail("no follow-suit situation arose in 20 games");
  }

  private static void checkRefusals(Game game, GameView view, ClaimCard off) {
    SeatClient me = game.seat(1);
    long version = view.getVersion();
    List<Object> before = snapshot(game);
    List<String> legalIds =
        view.getLegalActionsList().stream().map(LegalAction::getId).collect(Collectors.toList());
    assertFalse(legalIds.contains("play:" + cardId(off)), "the off-suit card is not listed");
    ClaimCard inSuit =
        view.getClaim().getPlayers(1).getHandList().stream()
            .filter(h -> h.getFaction() == view.getClaim().getLeadFaction())
            .findFirst()
            .orElseThrow();
    assertTrue(legalIds.contains("play:" + cardId(inSuit)), "a lead-faction card is listed");

    // Off-suit while holding the lead faction: CLM-TRK.4, by id and typed.
    StatusRuntimeException e =
        refused(
            Status.Code.FAILED_PRECONDITION,
            () -> me.submitAt(version, "play:" + cardId(off)),
            "off-suit by id");
    assertEquals("CLM-TRK.4", Tablero.ruleId(e), "ErrorInfo rule_id: " + e.getStatus());
    assertEquals("CLM-TRK.4", e.getTrailers().get(Tablero.RULE_ID_TRAILER), "the trailer");
    assertNotNull(Tablero.errorInfo(e));
    e =
        refused(
            Status.Code.FAILED_PRECONDITION,
            () -> me.submitAt(version, typedPlay(off)),
            "off-suit typed");
    assertEquals("CLM-TRK.4", Tablero.ruleId(e));

    // A card that is not in the hand (the one just led, face up on the table): CLM-TRK.3.
    ClaimCard led = view.getClaim().getTrick(0).getCard();
    e =
        refused(
            Status.Code.FAILED_PRECONDITION,
            () -> me.submitAt(version, "play:" + cardId(led)),
            "not in hand by id");
    assertEquals("CLM-TRK.3", Tablero.ruleId(e), e.getStatus().toString());
    e =
        refused(
            Status.Code.FAILED_PRECONDITION,
            () -> me.submit(typedPlay(led)),
            "not in hand typed");
    assertEquals("CLM-TRK.3", Tablero.ruleId(e));
    assertNull(Tablero.currentVersion(e), "no version on a FAILED_PRECONDITION");

    assertEquals(before, snapshot(game), "refused moves change nothing");
    // And a legal move still goes through at the same version.
    SubmitActionResponse ok = me.submitAt(version, "play:" + cardId(inSuit));
    assertTrue(ok.getView().getVersion() > version);
  }

  @Test
  void anotherSeatsTokenIsRefused() {
    Game game =
        create(ClaimMode.CLAIM_MODE_BASE_2P, 9, Tablero.human("zero"), Tablero.human("one"));
    Game other =
        create(ClaimMode.CLAIM_MODE_BASE_2P, 10, Tablero.human("zero"), Tablero.human("one"));
    List<Object> before = snapshot(game);
    GameView view = game.spectator().view();
    assertEquals(List.of(0), view.getToActList(), "seat 0 leads first");
    long version = view.getVersion();
    String seat0Move = game.seat(0).legalActions().getActions(0).getId();
    assertTrue(game.seat(1).legalActions().getActionsList().isEmpty(), "seat 1 waits");

    // Seat 1's token while seat 0 must act.
    refused(
        Status.Code.PERMISSION_DENIED,
        () -> game.seat(1).submitAt(version, seat0Move),
        "seat 1 out of turn");
    // Seat 1's token naming seat 0.
    refused(
        Status.Code.PERMISSION_DENIED,
        () ->
            game.seat(1)
                .submitRaw(
                    SubmitActionRequest.newBuilder()
                        .setGameId(game.id())
                        .setExpectedVersion(version)
                        .setIdempotencyKey(Tablero.newIdempotencyKey())
                        .setActionId(seat0Move)
                        .setSeat(0)
                        .build()),
        "seat 1 as seat 0");

    // A token of another game is no token of this one.
    SeatClient foreign = tablero.seat(game.id(), other.token(0));
    refused(
        Status.Code.UNAUTHENTICATED,
        () -> foreign.submitAt(version, seat0Move),
        "another game's token");
    refused(Status.Code.UNAUTHENTICATED, foreign::view, "GetView with another game's token");
    refused(Status.Code.UNAUTHENTICATED, () -> foreign.history(0), "GetHistory, another game's");
    refused(
        Status.Code.UNAUTHENTICATED,
        () -> {
          try (WatchStream w = foreign.watch(0)) {
            w.hasNext();
          }
        },
        "WatchGame with another game's token");
    // No token at all.
    refused(
        Status.Code.UNAUTHENTICATED,
        () -> game.spectator().submitAt(version, seat0Move),
        "a spectator");

    assertEquals(before, snapshot(game), "refused submits change nothing");
    // The right token goes through.
    assertTrue(game.seat(0).submit(seat0Move).getView().getVersion() > version);
  }

  @Test
  void aStaleVersionIsAbortedAndRetried() {
    Game game =
        create(ClaimMode.CLAIM_MODE_BASE_2P, 21, Tablero.human("a"), Tablero.human("b"));
    Random rng = new Random(21);
    for (int i = 0; i < 3; i++) {
      step(game, rng);
    }
    GameView view = game.spectator().view();
    long current = view.getVersion();
    assertTrue(current >= 3);
    SeatClient actor = game.seat(view.getToAct(0));
    String move = actor.legalActions().getActions(0).getId();

    SubmitActionRequest stale =
        SubmitActionRequest.newBuilder()
            .setGameId(game.id())
            .setExpectedVersion(current - 1)
            .setIdempotencyKey(Tablero.newIdempotencyKey())
            .setActionId(move)
            .build();
    StatusRuntimeException e =
        refused(Status.Code.ABORTED, () -> actor.submitRaw(stale), "a stale version");
    assertEquals(Long.valueOf(current), Tablero.currentVersion(e), e.getStatus().toString());
    assertEquals(
        Long.toString(current), e.getTrailers().get(Tablero.CURRENT_VERSION_TRAILER));
    assertNull(Tablero.ruleId(e));
    assertEquals(current, game.spectator().view().getVersion(), "nothing stored");

    // The helper retries at the version the error carries.
    SubmitActionResponse resp = actor.submitAt(0, move);
    long after = resp.getView().getVersion();
    assertTrue(after > current);

    // The same idempotency key again returns the first result and applies nothing more.
    SubmitActionRequest once =
        SubmitActionRequest.newBuilder()
            .setGameId(game.id())
            .setExpectedVersion(after)
            .setIdempotencyKey(Tablero.newIdempotencyKey())
            .setActionId(game.seat(resp.getView().getToAct(0)).legalActions().getActions(0).getId())
            .build();
    SeatClient next = game.seat(resp.getView().getToAct(0));
    SubmitActionResponse first = next.submitRaw(once);
    SubmitActionResponse again = next.submitRaw(once);
    assertEquals(first.getView().getVersion(), again.getView().getVersion());
    assertEquals(first.getView().getVersion(), game.spectator().view().getVersion());
  }

  @Test
  void watchDeliversEveryChange() throws Exception {
    // The bot in seat 0 leads during CreateGame, so there is more than the setup at the start.
    Game game =
        create(ClaimMode.CLAIM_MODE_BASE_2P, 301, Tablero.bot(), Tablero.human("java"));
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      CountDownLatch started = new CountDownLatch(2);
      Future<List<WatchGameResponse>> asSeat = pool.submit(() -> drain(game.seat(1), started));
      Future<List<WatchGameResponse>> asSpectator =
          pool.submit(() -> drain(game.spectator(), started));
      assertTrue(started.await(30, TimeUnit.SECONDS), "both watchers got their first message");

      GameView end = playToEnd(game, new Random(301));
      assertEquals(GameStatus.GAME_STATUS_FINISHED, end.getStatus());
      long last = end.getVersion();

      List<WatchGameResponse> seatMsgs = asSeat.get(60, TimeUnit.SECONDS);
      List<WatchGameResponse> specMsgs = asSpectator.get(60, TimeUnit.SECONDS);
      checkCoverage(seatMsgs, last, 1, "seat 1");
      checkCoverage(specMsgs, last, null, "spectator");

      // The stream shows what history shows, event for event, and ends on the GetView view.
      assertEquals(game.seat(1).history(0), events(seatMsgs), "seat stream == seat history");
      assertEquals(game.spectator().history(0), events(specMsgs), "spectator stream == history");
      assertEquals(game.seat(1).view(), seatMsgs.get(seatMsgs.size() - 1).getView());
      assertEquals(game.spectator().view(), specMsgs.get(specMsgs.size() - 1).getView());

      // Watching a finished game from the middle: the rest, then the end.
      try (WatchStream late = game.spectator().watch(last - 1)) {
        List<WatchGameResponse> rest = new ArrayList<>();
        late.forEach(rest::add);
        assertEquals(1, rest.size());
        assertEquals(last, rest.get(0).getView().getVersion());
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void closingAWatchCancelsIt() throws Exception {
    Game game = create(ClaimMode.CLAIM_MODE_BASE_2P, 33, Tablero.human("a"), Tablero.human("b"));
    WatchStream stream = game.spectator().watch(0);
    assertTrue(stream.hasNext());
    assertEquals(0, stream.next().getView().getVersion());
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try {
      // A second hasNext() blocks (nothing happens in the game) until close() cancels it.
      Future<Boolean> blocked = pool.submit(stream::hasNext);
      Thread.sleep(200);
      assertFalse(blocked.isDone(), "waiting for the next change");
      stream.close();
      java.util.concurrent.ExecutionException e =
          assertThrows(
              java.util.concurrent.ExecutionException.class,
              () -> blocked.get(10, TimeUnit.SECONDS));
      assertEquals(Status.Code.CANCELLED, Tablero.code(e.getCause()));
    } finally {
      pool.shutdownNow();
    }
  }

  private static List<WatchGameResponse> drain(SeatClient client, CountDownLatch started) {
    List<WatchGameResponse> out = new ArrayList<>();
    try (WatchStream stream = client.watch(0)) {
      for (WatchGameResponse msg : stream) {
        if (out.isEmpty()) {
          started.countDown();
        }
        out.add(msg);
      }
    }
    return out;
  }

  private static List<Event> events(List<WatchGameResponse> msgs) {
    return msgs.stream().flatMap(m -> m.getEventsList().stream()).collect(Collectors.toList());
  }

  /** Versions 0..last exactly once and in order; the last view FINISHED. */
  private static void checkCoverage(
      List<WatchGameResponse> msgs, long last, Integer viewer, String what) {
    assertFalse(msgs.isEmpty(), what + ": some messages");
    List<Long> seen = new ArrayList<>();
    for (WatchGameResponse m : msgs) {
      GameView view = m.getView();
      assertEquals(viewer, SeatClient.viewerSeat(view), what + ": the watcher's own view");
      List<Long> versions =
          m.getEventsList().stream().map(Event::getVersion).distinct().collect(Collectors.toList());
      for (int i = 1; i < m.getEventsCount(); i++) {
        assertTrue(
            m.getEvents(i).getVersion() >= m.getEvents(i - 1).getVersion(),
            what + ": events in order");
      }
      if (!versions.isEmpty()) {
        assertEquals(
            view.getVersion(),
            (long) versions.get(versions.size() - 1),
            what + ": a message's events run up to its view's version");
      }
      seen.addAll(versions);
    }
    List<Long> expected = LongStream.rangeClosed(0, last).boxed().collect(Collectors.toList());
    assertEquals(expected, seen, what + ": every version 0.." + last + " exactly once, in order");
    assertEquals(
        GameStatus.GAME_STATUS_FINISHED,
        msgs.get(msgs.size() - 1).getView().getStatus(),
        what + ": the last view is FINISHED");
  }
}
