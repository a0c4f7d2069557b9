package dev.tablero.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

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
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Struct;
import com.google.protobuf.Value;
import com.google.protobuf.util.JsonFormat;
import com.standardwebhooks.Webhook;
import com.standardwebhooks.exceptions.WebhookVerificationException;
import com.sun.net.httpserver.HttpServer;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The change feed through the helpers: a backend (key with the {@code feed} scope) follows a
 * game's changes from the start, keeps every change once and in order across a cut connection,
 * and sees the same changes again when it resumes from a cursor; a webhook endpoint's deliveries
 * to a receiver in the test are listed with the {@code webhooks} scope. The endpoint delivers by
 * the Standard Webhooks specification, signed with both secrets of a rotation; the receiver
 * verifies every delivery with the specification's Java library under each secret alone. The
 * tests run a server of their own (its key also has {@code feed} and {@code webhooks}; one
 * endpoint, {@code tests}, for games created), so that its feed holds only what they do.
 */
@Timeout(60)
class FeedTest {
  private static TableroServer.Running server;
  private static HttpServer receiver;
  private static String hookUrl;
  /** The endpoint's secrets while one is rotated: the new one, then the old. */
  private static final List<String> secrets = List.of(whsec(), whsec());

  /**
   * One POST the receiver got: its headers (lower-case names), its body, and why it did not
   * verify under each secret alone (empty where it did).
   */
  record Hook(Map<String, String> headers, String body, List<String> refused) {
    String header(String name) {
      return headers.getOrDefault(name, "");
    }
  }

  /** Every POST the webhook receiver got. */
  private static final List<Hook> hooks = new CopyOnWriteArrayList<>();

  /** A fresh Standard Webhooks secret: {@code whsec_} and the base64 of a 32-byte key. */
  private static String whsec() {
    byte[] key = new byte[32];
    new SecureRandom().nextBytes(key);
    return "whsec_" + Base64.getEncoder().encodeToString(key);
  }

  /** Why the library refuses the POST under {@code secret} ("" when it verifies). */
  private static String refusal(String secret, String body, Map<String, List<String>> headers) {
    try {
      new Webhook(secret).verify(body, headers);
      return "";
    } catch (WebhookVerificationException e) {
      return e.getMessage() == null ? "refused" : e.getMessage();
    } catch (Exception e) {
      return e.toString();
    }
  }

  /** Headers as single strings under lower-case names. */
  private static Map<String, String> plain(Map<String, List<String>> headers) {
    Map<String, String> out = new TreeMap<>();
    headers.forEach((k, v) -> out.put(k.toLowerCase(Locale.ROOT), String.join(", ", v)));
    return out;
  }

  @BeforeAll
  static void start(@TempDir Path tmp) throws IOException {
    receiver = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    receiver.createContext(
        "/hook",
        exchange -> {
          String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
          Map<String, List<String>> headers = exchange.getRequestHeaders();
          List<String> refused = secrets.stream().map(s -> refusal(s, body, headers)).toList();
          hooks.add(new Hook(plain(headers), body, refused));
          // A real receiver refuses what does not verify; the tests check `refused` themselves.
          boolean verified = refused.stream().allMatch(String::isEmpty);
          exchange.sendResponseHeaders(verified ? 204 : 401, -1);
          exchange.close();
        });
    receiver.start();
    hookUrl = "http://127.0.0.1:" + receiver.getAddress().getPort() + "/hook";
    Path endpoints = tmp.resolve("webhooks.toml");
    Files.writeString(
        endpoints,
        "[[endpoint]]\nname = \"tests\"\nurl = \""
            + hookUrl
            + "\"\nsecrets = [\""
            + secrets.get(0)
            + "\", \""
            + secrets.get(1)
            + "\"]\nkinds = [\"game_created\"]\n");
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

  /** The envelope's {@code type} for each change kind (docs/changes.md). */
  private static final Map<String, String> EVENT_TYPES =
      Map.of(
          "CHANGE_KIND_GAME_CREATED", "game.created",
          "CHANGE_KIND_SEAT_TO_ACT", "game.seat_to_act",
          "CHANGE_KIND_GAME_FINISHED", "game.finished",
          "CHANGE_KIND_DEADLINE_PASSED", "game.deadline_passed",
          "CHANGE_KIND_CAMPAIGN_PLAY_FOLDED", "campaign.play_folded",
          "CHANGE_KIND_SEAT_CHANGED", "game.seat_changed");

  /** Checks one POST by the Standard Webhooks specification; returns its change. */
  private static Change checkHook(Hook hook) {
    String id = hook.header("webhook-id");
    assertEquals(List.of("", ""), hook.refused(), "webhook " + id + " verifies under each secret");
    String[] signatures = hook.header("webhook-signature").split(" ");
    assertEquals(2, signatures.length, "one signature per secret while rotating");
    for (String s : signatures) {
      assertTrue(s.startsWith("v1,"), s);
    }
    assertEquals("application/json", hook.header("content-type"));
    Map<String, Value> envelope;
    Change change;
    try {
      Struct.Builder parsed = Struct.newBuilder();
      JsonFormat.parser().merge(hook.body(), parsed);
      envelope = parsed.getFieldsMap();
      Change.Builder data = Change.newBuilder();
      // Strict: every field of data must be one of Change's.
      JsonFormat.parser().merge(JsonFormat.printer().print(envelope.get("data")), data);
      change = data.build();
    } catch (InvalidProtocolBufferException | NullPointerException e) {
      throw new AssertionError("webhook " + id + ": not the envelope of a Change: " + hook.body(), e);
    }
    assertEquals(List.of("data", "timestamp", "type"), envelope.keySet().stream().sorted().toList());
    assertEquals("tests:" + change.getCursor(), id, "webhook-id names the change");
    String type = envelope.get("type").getStringValue();
    assertEquals(EVENT_TYPES.get(change.getKind().name()), type, "the type of " + change.getKind());
    // Unsigned, for routing only: it must agree all the same.
    assertEquals(
        change.getKind().name().replaceFirst("^CHANGE_KIND_", "").toLowerCase(Locale.ROOT),
        hook.header("tablero-event"));
    // The envelope's timestamp is the change's (RFC 3339); webhook-timestamp is the attempt's.
    String timestamp = envelope.get("timestamp").getStringValue();
    assertEquals(change.getAtUnixMs(), Instant.parse(timestamp).toEpochMilli(), timestamp);
    long sent = Long.parseLong(hook.header("webhook-timestamp"));
    assertTrue(Math.abs(sent - Instant.now().getEpochSecond()) < 120, "unix seconds, now");
    return change;
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
  void webhooksAreStandardWebhooksSignedWithBothSecretsAndListed() throws InterruptedException {
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
        hooks.forEach(FeedTest::checkHook); // one that did not verify fails now
        Thread.sleep(100);
      }
      assertEquals(1, listed.getEndpointsCount(), listed.toString());
      WebhookEndpoint endpoint = listed.getEndpoints(0);
      assertEquals(
          List.of("tests", hookUrl, List.of(ChangeKind.CHANGE_KIND_GAME_CREATED), false, 0L),
          List.of(
              endpoint.getName(),
              endpoint.getUrl(),
              endpoint.getKindsList(),
              endpoint.getDisabled(),
              endpoint.getFailingSinceUnixMs()));
      assertEquals(
          List.of(
              "tests",
              "tests:" + delivery.getCursor(),
              ChangeKind.CHANGE_KIND_GAME_CREATED,
              204,
              "",
              false,
              false),
          List.of(
              delivery.getEndpoint(),
              delivery.getDeliveryId(),
              delivery.getKind(),
              delivery.getHttpStatus(),
              delivery.getError(),
              delivery.getGaveUp(),
              delivery.getRequested()));
      // The receiver got that very delivery under its id: the change in the envelope's data.
      String id = delivery.getDeliveryId();
      List<Hook> mine = hooks.stream().filter(h -> h.header("webhook-id").equals(id)).toList();
      assertEquals(1, mine.size(), "the receiver got delivery " + id + " once");
      Hook hook = mine.get(0);
      Change change = checkHook(hook);
      assertEquals(
          List.of(delivery.getCursor(), created.getGameId(), ChangeKind.CHANGE_KIND_GAME_CREATED),
          List.of(change.getCursor(), change.getGameId(), change.getKind()));
      hooks.forEach(FeedTest::checkHook); // every POST so far, the other test's game too

      // The library does refuse what was not signed so: a changed body, another secret.
      Map<String, List<String>> headers = new TreeMap<>();
      hook.headers().forEach((k, v) -> headers.put(k, List.of(v)));
      String[][] cases = {
        {secrets.get(0), hook.body().replace("game.created", "game.finished")},
        {secrets.get(1), hook.body() + " "},
        {whsec(), hook.body()},
      };
      for (String[] c : cases) {
        if (refusal(c[0], c[1], headers).isEmpty()) {
          fail("a delivery not signed so verified: " + c[1]);
        }
      }
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
