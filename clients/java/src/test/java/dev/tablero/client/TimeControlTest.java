package dev.tablero.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tablero.v1.CreateGameRequest;
import dev.tablero.v1.CreateGameResponse;
import dev.tablero.v1.GameClock;
import dev.tablero.v1.GameView;
import dev.tablero.v1.SeatClock;
import dev.tablero.v1.TimeControl;
import dev.tablero.v1.TimeoutPolicy;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Turn clocks through the helpers: a Claim game created with a 60 s per-move control carries its
 * clocks in the view, the seat to act on the clock and the other off it. (Timeouts themselves need
 * the server's test clock; the server's own suite covers them.)
 */
@ExtendWith(TableroServer.class)
class TimeControlTest {
  @Test
  void theHelpersBuildEachKindOfControl() {
    assertEquals(60, Tablero.perMove(60).getPerMove().getSeconds());
    TimeControl chess = Tablero.chessClock(300, 5, TimeoutPolicy.TIMEOUT_POLICY_RESIGN);
    assertEquals(300, chess.getChessClock().getInitialSeconds());
    assertEquals(5, chess.getChessClock().getIncrementSeconds());
    assertEquals(TimeoutPolicy.TIMEOUT_POLICY_RESIGN, chess.getOnTimeout());
    assertEquals(3, Tablero.daily(3).getDaily().getDays());
  }

  @Test
  void aPerMoveGamePutsTheSeatToActOnTheClock(TableroServer.Running server) {
    // A player's app: no key needed.
    try (Tablero player = server.connectWithoutKey()) {
      CreateGameResponse created =
          player.createGame(
              CreateGameRequest.newBuilder()
                  .setGameType("claim")
                  .setMode("base_2p")
                  .addAllSeats(List.of(Tablero.human("ann"), Tablero.human("bob")))
                  .setTimeControl(Tablero.perMove(60))
                  .build());
      GameView view = created.getView();
      assertTrue(view.hasClock(), "a timed game's view carries its clock");
      GameClock clock = view.getClock();
      assertEquals(60, clock.getControl().getPerMove().getSeconds());
      assertEquals(1, view.getToActCount(), "one seat acts first");
      int toAct = view.getToAct(0);
      assertEquals(
          List.of(0, 1),
          clock.getSeatsList().stream().map(SeatClock::getSeat).sorted().toList(),
          "one clock per seat");
      for (SeatClock s : clock.getSeatsList()) {
        if (s.getSeat() == toAct) {
          long left = s.getDeadlineUnixMs() - clock.getNowUnixMs();
          assertTrue(
              left >= 55_000 && left <= 60_000,
              "seat " + s.getSeat() + " to act has about 60 s left: " + left + " ms");
          assertEquals(s.getDeadlineUnixMs(), clock.getNextDeadlineUnixMs(), "the next deadline");
        } else {
          assertEquals(0, s.getDeadlineUnixMs(), "seat " + s.getSeat() + " is off the clock");
        }
      }
      // The acting seat's own view shows the same deadlines.
      String token =
          created.getCredentialsList().stream()
              .filter(c -> c.getSeat() == toAct)
              .findFirst()
              .orElseThrow()
              .getToken();
      GameView mine = player.seat(created.getGameId(), token).view();
      assertEquals(
          clock.getSeatsList().stream().map(SeatClock::getDeadlineUnixMs).toList(),
          mine.getClock().getSeatsList().stream().map(SeatClock::getDeadlineUnixMs).toList());
    }
  }
}
