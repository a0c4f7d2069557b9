package dev.tablero.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import dev.tablero.v1.ClaimMode;
import dev.tablero.v1.CreateGameResponse;
import dev.tablero.v1.LegalAction;
import dev.tablero.v1.SubmitActionResponse;

/** The README's examples, verbatim apart from the port, so they keep compiling and working. */
@ExtendWith(TableroServer.class)
class ReadmeExampleTest {
  @Test
  void createAGameAndPlayAMove(TableroServer.Running server) {
    int port = server.port;
    long version;
    String illegal = null;
    // --- README: create a game and play a move ---
    try (Tablero tablero = Tablero.connect("127.0.0.1", port)) {
      CreateGameResponse game = tablero.createGame("claim",
          Tablero.claimOptions(ClaimMode.CLAIM_MODE_BASE_2P),
          List.of(Tablero.human("me"), Tablero.bot()), null);
      SeatClient me = tablero.seat(game.getGameId(), game.getCredentials(0).getToken());
      LegalAction move = me.legalActions().getActions(0);
      SubmitActionResponse done = me.submit(move);
      System.out.println(move.getLabel() + " -> version " + done.getView().getVersion());
      // --- end ---
      version = done.getView().getVersion();

      // --- README: errors ---
      try {
        me.submit("play:gnomes:0:9");
      } catch (StatusRuntimeException e) {
        if (e.getStatus().getCode() == Status.Code.FAILED_PRECONDITION) {
          System.out.println("illegal: " + Tablero.ruleId(e) + " " + e.getStatus().getDescription());
        }
        // --- end ---
        illegal = Tablero.ruleId(e);
      }
    }
    assertTrue(version > 0);
    assertTrue(illegal != null && illegal.startsWith("CLM-"), "a rule id: " + illegal);
    assertEquals(Status.Code.UNKNOWN, Tablero.code(new RuntimeException("not grpc")));
  }
}
