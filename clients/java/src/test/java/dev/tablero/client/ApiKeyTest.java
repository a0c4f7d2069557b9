package dev.tablero.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tablero.v1.ClaimMode;
import dev.tablero.v1.CreateGameResponse;
import dev.tablero.v1.GameSummary;
import dev.tablero.v1.ListGamesRequest;
import dev.tablero.v1.SeatSpec;
import dev.tablero.v1.SetupKind;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.jspecify.annotations.Nullable;

/**
 * The trust model as the Java client meets it: only an API key may choose a seed, every view
 * says how the game was set up, and without a key ListGames shows only listed games.
 */
@ExtendWith(TableroServer.class)
class ApiKeyTest {
  private static final List<SeatSpec> SEATS = List.of(Tablero.human("ana"), Tablero.bot());

  private static CreateGameResponse claim(Tablero t, @Nullable Long seed, boolean listed) {
    return t.createGame(
        "claim", Tablero.claimOptions(ClaimMode.CLAIM_MODE_BASE_2P), SEATS, seed, listed);
  }

  @Test
  void aSeedNeedsTheApiKeyAndViewsSayItWasChosen(TableroServer.Running server) {
    try (Tablero backend = server.connect();
        Tablero player = server.connectWithoutKey();
        Tablero impostor = Tablero.connect(server.host, server.port, server.apiKey + "x")) {
      for (Tablero refused : List.of(player, impostor)) {
        StatusRuntimeException e =
            assertThrows(StatusRuntimeException.class, () -> claim(refused, 7L, false));
        assertEquals(Status.Code.UNAUTHENTICATED, Tablero.code(e), String.valueOf(e));
      }

      CreateGameResponse seeded = claim(backend, 7L, false);
      assertEquals(SetupKind.SETUP_KIND_CHOSEN_SEED, seeded.getView().getSetup());
      // The player holding the seat (not the backend that chose the seed) sees it too.
      String token = seeded.getCredentials(0).getToken();
      assertEquals(
          SetupKind.SETUP_KIND_CHOSEN_SEED,
          player.seat(seeded.getGameId(), token).view().getSetup());

      CreateGameResponse drawn = claim(player, null, false);
      assertEquals(SetupKind.SETUP_KIND_RANDOM, drawn.getView().getSetup());
      assertEquals(
          SetupKind.SETUP_KIND_RANDOM, player.spectator(drawn.getGameId()).view().getSetup());
    }
  }

  @Test
  void withoutAKeyOnlyListedGamesAreListed(TableroServer.Running server) {
    try (Tablero backend = server.connect();
        Tablero player = server.connectWithoutKey()) {
      CreateGameResponse listed = claim(player, null, true);
      CreateGameResponse unlisted = claim(player, null, false);
      assertTrue(listed.getView().getListed());
      assertFalse(unlisted.getView().getListed());

      ListGamesRequest claims =
          ListGamesRequest.newBuilder().setGameType("claim").setPageSize(200).build();
      Map<String, GameSummary> seen =
          player.listGames(claims).getGamesList().stream()
              .collect(Collectors.toMap(GameSummary::getGameId, Function.identity()));
      GameSummary mine = seen.get(listed.getGameId());
      assertTrue(mine != null, "the listed game shows without a key");
      assertTrue(mine.getListed());
      assertEquals(SetupKind.SETUP_KIND_RANDOM, mine.getSetup());
      assertFalse(seen.containsKey(unlisted.getGameId()), "the unlisted game does not");
      assertTrue(seen.values().stream().allMatch(GameSummary::getListed));

      // A key with the `list` scope sees both (so the helper sent it on ListGames too).
      List<String> every =
          backend.listGames(claims).getGamesList().stream().map(GameSummary::getGameId).toList();
      assertTrue(every.contains(listed.getGameId()) && every.contains(unlisted.getGameId()));
    }
  }
}
