package dev.tablero.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tablero.v1.CreateGameRequest;
import dev.tablero.v1.CreateGameResponse;
import dev.tablero.v1.Event;
import dev.tablero.v1.GameStatus;
import dev.tablero.v1.GameSummary;
import dev.tablero.v1.GameView;
import dev.tablero.v1.JoinGameResponse;
import dev.tablero.v1.Occupant;
import dev.tablero.v1.ReissueSeatTokenResponse;
import dev.tablero.v1.ReplaceSeatResponse;
import dev.tablero.v1.ResignSeatResponse;
import dev.tablero.v1.SeatChangeKind;
import dev.tablero.v1.SeatInfo;
import dev.tablero.v1.SeatSpec;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.function.Executable;

/**
 * Player identity and seat management through the helpers: seats for a backend's users (refs
 * shown to the key, hidden from a seat's token unless public), "games waiting for me", a
 * reissued token, a seat handed to the bot and back, and a resignation that ends a 2-seat game.
 */
@ExtendWith(TableroServer.class)
class SeatsTest {
  private record Change(int seat, SeatChangeKind kind) {}

  private static List<Change> seatChanges(List<Event> events) {
    return events.stream()
        .filter(Event::hasSeatChange)
        .map(e -> new Change(e.getSeatChange().getSeat(), e.getSeatChange().getKind()))
        .toList();
  }

  private static List<String> refs(GameView view) {
    return view.getSeatsList().stream().map(SeatInfo::getPlayerRef).toList();
  }

  private static List<String> ids(List<GameSummary> games) {
    return games.stream().map(GameSummary::getGameId).toList();
  }

  private static void refused(Status.Code code, Executable call, String what) {
    StatusRuntimeException e = assertThrows(StatusRuntimeException.class, call, what);
    assertEquals(code, Tablero.code(e), what + ": " + e);
  }

  private static CreateGameResponse create(Tablero backend, SeatSpec... seats) {
    return backend.createGame(
        CreateGameRequest.newBuilder()
            .setGameType("claim")
            .setMode("base_2p")
            .addAllSeats(List.of(seats))
            .build());
  }

  private static String token(CreateGameResponse created, int seat) {
    return created.getCredentialsList().stream()
        .filter(c -> c.getSeat() == seat)
        .findFirst()
        .orElseThrow()
        .getToken();
  }

  @Test
  void seatsOfABackendsPlayers(TableroServer.Running server) {
    try (Tablero backend = server.connect();
        Tablero player = server.connectWithoutKey()) {
      List<String> playerRefs = List.of("ann-" + UUID.randomUUID(), "bob-" + UUID.randomUUID());
      CreateGameResponse created =
          create(
              backend,
              Tablero.player("ann", playerRefs.get(0)),
              Tablero.player("bob", playerRefs.get(1)));
      String id = created.getGameId();

      // The key sees both refs; a seat's token (without a key) sees none, its own included.
      GameView seen = backend.spectator(id).view();
      assertEquals(playerRefs, refs(seen));
      SeatClient ann = player.seat(id, token(created, 0));
      GameView annView = ann.view();
      assertEquals(Integer.valueOf(0), SeatClient.viewerSeat(annView));
      assertEquals(List.of("", ""), refs(annView));

      // Games waiting for a player: the one to act has it, the other not (but it is among theirs).
      assertEquals(1, seen.getToActCount(), "one seat acts first");
      int toAct = seen.getToAct(0);
      String waiting = playerRefs.get(toAct);
      String other = playerRefs.get(1 - toAct);
      assertTrue(ids(backend.playerGames(waiting, true)).contains(id), "waiting for the seat to act");
      assertFalse(ids(backend.playerGames(other, true)).contains(id), "not waiting for the other");
      assertTrue(ids(backend.playerGames(other, false)).contains(id), "among the other's games");
      refused(
          Status.Code.UNAUTHENTICATED,
          () -> player.playerGames(waiting, false),
          "a player's games without a key");

      // A new token for seat 1: the old one stops working at once, the new one works.
      ReissueSeatTokenResponse reissued = backend.reissueSeatToken(id, 1);
      assertEquals(1, reissued.getCredential().getSeat());
      String bobToken = reissued.getCredential().getToken();
      assertFalse(bobToken.isEmpty());
      assertNotEquals(token(created, 1), bobToken);
      assertEquals(
          List.of(new Change(1, SeatChangeKind.SEAT_CHANGE_KIND_TOKEN_REISSUED)),
          seatChanges(reissued.getEventsList()));
      refused(
          Status.Code.UNAUTHENTICATED,
          () -> player.seat(id, token(created, 1)).view(),
          "the old token");
      SeatClient bob = player.seat(id, bobToken);
      assertEquals(Integer.valueOf(1), SeatClient.viewerSeat(bob.view()));

      // Seat 1 to the bot and back to its person, whose token works again.
      ReplaceSeatResponse toBot = backend.replaceSeat(id, 1, Occupant.OCCUPANT_BOT);
      assertEquals(Occupant.OCCUPANT_BOT, toBot.getView().getSeats(1).getOccupant());
      assertEquals(
          List.of(new Change(1, SeatChangeKind.SEAT_CHANGE_KIND_REPLACED_BY_BOT)),
          seatChanges(toBot.getEventsList()));
      ReplaceSeatResponse back = backend.replaceSeat(id, 1, Occupant.OCCUPANT_HUMAN);
      assertEquals(Occupant.OCCUPANT_HUMAN, back.getView().getSeats(1).getOccupant());
      assertEquals(
          List.of(new Change(1, SeatChangeKind.SEAT_CHANGE_KIND_RETURNED_TO_HUMAN)),
          seatChanges(back.getEventsList()));
      assertFalse(back.hasCredential(), "the seat had a token: no new one");
      assertEquals(Integer.valueOf(1), SeatClient.viewerSeat(bob.view()));

      // Seat 0 resigns with its own token: a 2-seat game ends and seat 1 wins.
      ResignSeatResponse resigned = ann.resign();
      assertEquals(GameStatus.GAME_STATUS_FINISHED, resigned.getView().getStatus());
      assertEquals(List.of(1), resigned.getView().getOutcome().getWinnersList());
      assertTrue(resigned.getView().getSeats(0).getResigned());
      assertEquals(
          List.of(new Change(0, SeatChangeKind.SEAT_CHANGE_KIND_RESIGNED)),
          seatChanges(resigned.getEventsList()));
      assertEquals(
          List.of(
              new Change(1, SeatChangeKind.SEAT_CHANGE_KIND_TOKEN_REISSUED),
              new Change(1, SeatChangeKind.SEAT_CHANGE_KIND_REPLACED_BY_BOT),
              new Change(1, SeatChangeKind.SEAT_CHANGE_KIND_RETURNED_TO_HUMAN),
              new Change(0, SeatChangeKind.SEAT_CHANGE_KIND_RESIGNED)),
          // A resigned seat's token no longer works; the other seat's still reads the game.
          seatChanges(bob.history(0)));
      refused(Status.Code.UNAUTHENTICATED, ann::resign, "a resigned seat's token");
      refused(Status.Code.FAILED_PRECONDITION, bob::resign, "resigning a finished game");
    }
  }

  @Test
  void joiningAsAPublicPlayerAndABackendResignation(TableroServer.Running server) {
    try (Tablero backend = server.connect();
        Tablero player = server.connectWithoutKey()) {
      List<String> playerRefs = List.of("cy-" + UUID.randomUUID(), "di-" + UUID.randomUUID());
      CreateGameResponse created =
          create(backend, Tablero.player("cy", playerRefs.get(0)), Tablero.openSeat());
      String id = created.getGameId();
      refused(
          Status.Code.UNAUTHENTICATED,
          () -> player.joinGameAs(id, null, Tablero.player("di", playerRefs.get(1))),
          "a ref without a key");
      JoinGameResponse joined =
          backend.joinGameAs(id, 1, Tablero.publicPlayer("di", playerRefs.get(1)));
      assertEquals(1, joined.getCredential().getSeat());
      assertEquals("di", joined.getView().getSeats(1).getName());

      // A spectator without a key sees the public ref only.
      assertEquals(List.of("", playerRefs.get(1)), refs(player.spectator(id).view()));
      assertTrue(ids(backend.playerGames(playerRefs.get(1), false)).contains(id));

      // The backend resigns seat 1 for its player: seat 0 wins.
      ResignSeatResponse resigned = backend.resignSeat(id, 1);
      assertEquals(GameStatus.GAME_STATUS_FINISHED, resigned.getView().getStatus());
      assertEquals(List.of(0), resigned.getView().getOutcome().getWinnersList());
      assertEquals(
          List.of(new Change(1, SeatChangeKind.SEAT_CHANGE_KIND_RESIGNED)),
          seatChanges(resigned.getEventsList()));
    }
  }
}
