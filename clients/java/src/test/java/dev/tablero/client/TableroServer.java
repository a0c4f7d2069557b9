package dev.tablero.client;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Starts the real server binary once per test run and stops it at the end. The binary is
 * {@code $TABLERO_BIN}, else the system property {@code tablero.bin} (set by the pom to
 * {@code ../../target/debug/tablero}). Test methods take a {@link TableroServer.Running}
 * parameter. The server knows one API key, made afresh per run, with the scopes in {@link
 * #SCOPES}: {@link Running#connect()} is that backend (it chooses seeds), {@link
 * Running#connectWithoutKey()} a player's app. A test that needs more scopes starts a server of
 * its own with {@link #start(List, List)}.
 */
public final class TableroServer implements ParameterResolver {
  /** The scopes of the tests' key unless a test asks for more. */
  static final List<String> SCOPES = List.of("create", "setup", "list", "delete", "seats");

  private static final Pattern LISTENING = Pattern.compile("listening on (\\S+):(\\d+)");

  /** A running server: where it listens. */
  public static final class Running implements ExtensionContext.Store.CloseableResource {
    public final String host;
    public final int port;
    /** The API key the server knows. */
    public final String apiKey;
    private final Process process;

    Running(String host, int port, String apiKey, Process process) {
      this.host = host;
      this.port = port;
      this.apiKey = apiKey;
      this.process = process;
    }

    /** A backend's connection: every call carries the API key. */
    public Tablero connect() {
      return Tablero.connect(host, port, apiKey);
    }

    /** A player's connection: no API key. */
    public Tablero connectWithoutKey() {
      return Tablero.connect(host, port);
    }

    @Override
    public void close() throws InterruptedException {
      process.destroy(); // SIGTERM: the server drains and exits
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        process.waitFor(5, TimeUnit.SECONDS);
      }
    }
  }

  @Override
  public boolean supportsParameter(ParameterContext p, ExtensionContext e) {
    return p.getParameter().getType() == Running.class;
  }

  @Override
  public Object resolveParameter(ParameterContext p, ExtensionContext e) {
    // The root store outlives every test class and closes its resources after the last one.
    return e.getRoot()
        .getStore(Namespace.create(TableroServer.class))
        .getOrComputeIfAbsent("server", k -> start(List.of(), List.of()), Running.class);
  }

  static Path binary() {
    String env = System.getenv("TABLERO_BIN");
    String path =
        env != null && !env.isEmpty()
            ? env
            : System.getProperty("tablero.bin", "../../target/debug/tablero");
    Path bin = Path.of(path).toAbsolutePath().normalize();
    if (!Files.isExecutable(bin)) {
      throw new IllegalStateException(
          "no Tablero server binary at "
              + bin
              + ": build it (cargo build -p tablero-service) or set TABLERO_BIN");
    }
    return bin;
  }

  /** The server's key list (TOML) holding {@code key} with {@code scopes}, stored as its SHA-256. */
  static String keyEntries(String key, List<String> scopes) {
    byte[] sum;
    try {
      sum = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
    return "[[key]]\nname = \"java-tests\"\nsha256 = \""
        + HexFormat.of().formatHex(sum)
        + "\"\nscopes = ["
        + scopes.stream().map(s -> "\"" + s + "\"").collect(Collectors.joining(", "))
        + "]\n";
  }

  /**
   * Starts a server with {@code args} whose key has {@link #SCOPES} and {@code moreScopes}; the
   * caller closes it.
   */
  static Running start(List<String> moreScopes, List<String> args) {
    Path bin = binary();
    byte[] secret = new byte[24];
    new SecureRandom().nextBytes(secret);
    String apiKey = "tbk_test_" + HexFormat.of().formatHex(secret);
    List<String> command = new ArrayList<>(List.of(bin.toString(), "--listen", "127.0.0.1:0"));
    command.addAll(args);
    ProcessBuilder pb = new ProcessBuilder(command);
    pb.environment().remove("TABLERO_LISTEN");
    pb.environment().remove("TABLERO_STORE");
    pb.environment().remove("TABLERO_API_KEYS_FILE");
    List<String> scopes = new ArrayList<>(SCOPES);
    scopes.addAll(moreScopes);
    pb.environment().put("TABLERO_API_KEYS", keyEntries(apiKey, scopes));
    // One log per kind of server: the feed tests run a second one next to the shared one.
    File log = new File("target/tablero-server" + (moreScopes.isEmpty() ? "" : "-" + String.join("-", moreScopes)) + ".log");
    log.getParentFile().mkdirs();
    pb.redirectError(log);
    Process process;
    try {
      process = pb.start();
    } catch (IOException e) {
      throw new IllegalStateException("cannot start " + bin + ": " + e, e);
    }
    // Belt and braces: never leave the server behind, even if the JVM is killed politely.
    Runtime.getRuntime().addShutdownHook(new Thread(process::destroyForcibly));
    CompletableFuture<String> first = new CompletableFuture<>();
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader r =
                  new BufferedReader(
                      new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line = r.readLine();
                first.complete(line == null ? "" : line);
                // Keep draining so the server never blocks on a full pipe.
                while (r.readLine() != null) {}
              } catch (IOException e) {
                first.completeExceptionally(e);
              }
            },
            "tablero-server-stdout");
    reader.setDaemon(true);
    reader.start();
    String line;
    try {
      line = first.get(30, TimeUnit.SECONDS);
    } catch (Exception e) {
      process.destroyForcibly();
      throw new IllegalStateException("the server printed no first line (see " + log + ")", e);
    }
    Matcher m = LISTENING.matcher(line);
    if (!m.find()) {
      process.destroyForcibly();
      throw new IllegalStateException("unexpected first line from the server: " + line);
    }
    return new Running(m.group(1), Integer.parseInt(m.group(2)), apiKey, process);
  }
}
