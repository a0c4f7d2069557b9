package dev.tablero.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tablero.v1.Change;
import dev.tablero.v1.ChangeKind;
import dev.tablero.v1.ChangeSeat;
import dev.tablero.v1.CreateGameRequest;
import dev.tablero.v1.CreateGameResponse;
import dev.tablero.v1.GameView;
import dev.tablero.v1.ListWebhookDeliveriesResponse;
import dev.tablero.v1.WatchChangesRequest;
import dev.tablero.v1.WebhookDelivery;
import dev.tablero.v1.WebhookEndpoint;
import com.sun.net.httpserver.HttpServer;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The change feed through the helpers: a backend (key with the {@code feed} scope) follows a
 * game's changes from the start, keeps every change once and in order across a cut connection,
 * and sees the same changes again when it resumes from a cursor; a webhook endpoint's deliveries
 * to a receiver in the test are listed with the {@code webhooks} scope. The tests run a server of
 * their own (its key also has {@code feed} and {@code webhooks}; one endpoint, {@code tests}, for
 * games created), so that its feed holds only what they do.
 */
@Timeout(60)
class FeedTest {
  private static TableroServer.Running server;
  private static HttpServer receiver;
  private static String hookUrl;
  /** What the webhook receiver got: each body by its {@code tablero-delivery} id. */
  private static final Map<String, String> hooks = new ConcurrentHashMap<>();

  @BeforeAll
  static void start(@TempDir Path tmp) throws IOException {
    receiver = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    receiver.createContext(
        "/hook",
        exchange -> {
          byte[] body = exchange.getRequestBody().readAllBytes();
          String delivery = exchange.getRequestHeaders().getFirst("tablero-delivery");
          hooks.put(delivery == null ? "" : delivery, new String(body, StandardCharsets.UTF_8));
          exchange.sendResponseHeaders(204, -1);
          exchange.close();
        });
    receiver.start();
    hookUrl = "http://127.0.0.1:" + receiver.getAddress().getPort() + "/hook";
    Path endpoints = tmp.resolve("webhooks.toml");
    Files.writeString(
        endpoints,
        "[[endpoint]]\nname = \"tests\"\nurl = \""
            + hookUrl
            + "\"\nsecret = \""
            + UUID.randomUUID()
            + "\"\nkinds = [\"game_created\"]\n");
    server =
        TableroServer.start(
            List.of("feed", "webhooks"), List.of("--webhooks", endpoints.toString()));
  }

  @AfterAll
  static void stop() throws InterruptedException {
    server.close();
    receiver.stop(0);
  }

  private static List<String> sorted(List<String> refs) {
    return refs.stream().sorted().toList();
  }

  /** What two deliveries of one change must agree on. */
  private static String summary(Change c) {
    return c.getCursor() + " " + c.getKind() + " " + c.getGameId() + " v" + c.getVersion();
  }

  @Test
  void changesOnceInOrderAcrossACutAndAgainFromACursor() throws IOException {
    List<String> refs = List.of("ann-" + UUID.randomUUID(), "bob-" + UUID.randomUUID());
    List<Change> changes = new ArrayList<>();
    GameView after;
    String id;
    // The watcher reaches the server through a proxy that the test cuts.
    try (Tablero backend = server.connect();
        TcpProxy proxy = new TcpProxy(server.host, server.port);
        Tablero watcher = Tablero.connect("127.0.0.1", proxy.port(), server.apiKey);
        ChangeFeed feed =
            watcher.watchChanges(
                WatchChangesRequest.newBuilder()
                    .setFromStart(true)
                    .setPlayerRef(refs.get(0))
                    .build())) {
      CreateGameResponse created =
          backend.createGame(
              CreateGameRequest.newBuilder()
                  .setGameType("claim")
                  .setMode("base_2p")
                  .addSeats(Tablero.player("ann", refs.get(0)))
                  .addSeats(Tablero.player("bob", refs.get(1)))
                  .build());
      id = created.getGameId();
      Change first = feed.next();
      changes.add(first);
      assertEquals(ChangeKind.CHANGE_KIND_GAME_CREATED, first.getKind(), "the first is the creation");
      assertEquals(id, first.getGameId());
      assertEquals("claim", first.getGameType());
      assertEquals(sorted(refs), sorted(first.getPlayerRefsList()));

      // The connection breaks; the game moves meanwhile; the feed goes on from its cursor.
      proxy.cut();
      int seat = backend.spectator(id).view().getToAct(0);
      String token =
          created.getCredentialsList().stream()
              .filter(c -> c.getSeat() == seat)
              .findFirst()
              .orElseThrow()
              .getToken();
      SeatClient mover = backend.seat(id, token);
      after = mover.submit(mover.view().getLegalActions(0).getId()).getView();
      while (true) {
        Change next = feed.next();
        changes.add(next);
        if (next.getKind() == ChangeKind.CHANGE_KIND_SEAT_TO_ACT
            && next.getVersion() == after.getVersion()) {
          break;
        }
      }
      assertEquals(changes.get(changes.size() - 1).getCursor(), feed.cursor());
      assertTrue(proxy.accepted() >= 2, "the watcher reconnected: " + proxy.accepted());
    }

    HashSet<String> cursors = new HashSet<>();
    long lastVersion = -1;
    for (Change c : changes) {
      assertEquals(id, c.getGameId(), "only the player's game");
      assertEquals(sorted(refs), sorted(c.getPlayerRefsList()), "with its players");
      assertTrue(cursors.add(c.getCursor()), "no change twice: " + c);
      assertTrue(c.getVersion() >= lastVersion, "in version order: " + changes);
      lastVersion = c.getVersion();
    }
    // The seats to act after the move, each with its player.
    List<ChangeSeat> toAct = changes.get(changes.size() - 1).getSeatsList();
    assertEquals(after.getToActList(), toAct.stream().map(ChangeSeat::getSeat).toList());
    assertEquals(
        after.getToActList().stream().map(refs::get).toList(),
        toAct.stream().map(ChangeSeat::getPlayerRef).toList());

    // From the first change's cursor: the rest again, in the same order.
    List<String> again = new ArrayList<>();
    try (Tablero backend = server.connect();
        ChangeFeed resumed =
            backend.watchChanges(
                WatchChangesRequest.newBuilder()
                    .setCursor(changes.get(0).getCursor())
                    .setPlayerRef(refs.get(0))
                    .build())) {
      while (again.size() < changes.size() - 1) {
        again.add(summary(resumed.next()));
      }
    }
    assertEquals(changes.subList(1, changes.size()).stream().map(FeedTest::summary).toList(), again);
  }

  @Test
  void webhookDeliveriesListTheEndpointAndAGamesCreation() throws InterruptedException {
    try (Tablero backend = server.connect()) {
      CreateGameResponse created =
          backend.createGame(
              CreateGameRequest.newBuilder()
                  .setGameType("claim")
                  .setMode("base_2p")
                  .addSeats(Tablero.player("ann", "ann-" + UUID.randomUUID()))
                  .addSeats(Tablero.player("bob", "bob-" + UUID.randomUUID()))
                  .build());
      // Delivery runs beside the write: wait (within the test's timeout) until it is recorded.
      ListWebhookDeliveriesResponse listed;
      WebhookDelivery delivery;
      while (true) {
        listed = backend.listWebhookDeliveries("tests", 0);
        delivery =
            listed.getDeliveriesList().stream()
                .filter(d -> d.getGameId().equals(created.getGameId()) && d.getDelivered())
                .findFirst()
                .orElse(null);
        if (delivery != null) {
          break;
        }
        Thread.sleep(100);
      }
      assertEquals(1, listed.getEndpointsCount(), listed.toString());
      WebhookEndpoint endpoint = listed.getEndpoints(0);
      assertEquals(
          List.of("tests", hookUrl, List.of(ChangeKind.CHANGE_KIND_GAME_CREATED)),
          List.of(endpoint.getName(), endpoint.getUrl(), endpoint.getKindsList()));
      assertEquals(
          List.of("tests", ChangeKind.CHANGE_KIND_GAME_CREATED, 204, ""),
          List.of(
              delivery.getEndpoint(),
              delivery.getKind(),
              delivery.getHttpStatus(),
              delivery.getError()));
      // The receiver got that very delivery: its id and the change's cursor.
      String body = hooks.get(delivery.getDeliveryId());
      assertNotNull(body, "the receiver got delivery " + delivery.getDeliveryId());
      assertTrue(body.contains("\"cursor\":\"" + delivery.getCursor() + "\""), body);
      assertTrue(body.contains("\"gameId\":\"" + created.getGameId() + "\""), body);
      assertTrue(body.contains("\"kind\":\"CHANGE_KIND_GAME_CREATED\""), body);
    }
  }

  @Test
  void theFeedAndWebhookDeliveriesNeedAnApiKey() {
    try (Tablero player = server.connectWithoutKey()) {
      try (ChangeFeed feed =
          player.watchChanges(WatchChangesRequest.newBuilder().setFromStart(true).build())) {
        StatusRuntimeException e = assertThrows(StatusRuntimeException.class, feed::hasNext);
        assertEquals(Status.Code.UNAUTHENTICATED, Tablero.code(e), e.toString());
      }
      StatusRuntimeException e =
          assertThrows(StatusRuntimeException.class, () -> player.listWebhookDeliveries("", 0));
      assertEquals(Status.Code.UNAUTHENTICATED, Tablero.code(e), e.toString());
    }
  }
}
