package dev.tablero.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tablero.v1.BotKind;
import dev.tablero.v1.ClaimMode;
import dev.tablero.v1.CreateGameResponse;
import dev.tablero.v1.GameTypeInfo;
import dev.tablero.v1.GetHintResponse;
import dev.tablero.v1.LegalAction;
import dev.tablero.v1.ListLegalActionsResponse;
import dev.tablero.v1.SubmitActionResponse;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A hint for a human seat against an mcts bot: the server's mcts move for the seat's own view is
 * one of its legal actions at the same version, and submits; a spectator gets none.
 */
@ExtendWith(TableroServer.class)
class HintTest {
  @Test
  void hintIsALegalActionAndSpectatorsGetNone(TableroServer.Running server) {
    try (Tablero tablero = server.connect()) {
      GameTypeInfo claim =
          tablero.gameTypes().stream()
              .filter(t -> t.getGameType().equals("claim"))
              .findFirst()
              .orElseThrow();
      List<String> kinds = claim.getBotKindsList().stream().map(BotKind::getName).toList();
      assertTrue(kinds.containsAll(List.of("random", "greedy", "mcts")), "bot kinds " + kinds);

      CreateGameResponse created =
          tablero.createGame(
              "claim",
              Tablero.claimOptions(ClaimMode.CLAIM_MODE_BASE_2P),
              List.of(Tablero.human("me"), Tablero.bot("mcts", 1)),
              5L);
      assertEquals("mcts", created.getView().getSeats(1).getBot());
      SeatClient me = tablero.seat(created.getGameId(), created.getCredentials(0).getToken());

      ListLegalActionsResponse legal = me.legalActions();
      assertFalse(legal.getActionsList().isEmpty(), "the human seat must act");
      GetHintResponse hint = me.hint(1);
      assertEquals(0, hint.getSeat());
      assertEquals(legal.getVersion(), hint.getVersion(), "the hint is for the legal actions' version");
      List<String> ids = legal.getActionsList().stream().map(LegalAction::getId).toList();
      assertTrue(ids.contains(hint.getAction().getId()), hint.getAction().getId() + " in " + ids);

      SubmitActionResponse res = me.submitAt(hint.getVersion(), hint.getAction().getId());
      assertTrue(res.getView().getVersion() > hint.getVersion(), "the hinted move was applied");

      StatusRuntimeException e =
          assertThrows(
              StatusRuntimeException.class, () -> tablero.spectator(created.getGameId()).hint(0));
      assertEquals(Status.Code.UNAUTHENTICATED, Tablero.code(e), e.toString());
    }
  }
}
