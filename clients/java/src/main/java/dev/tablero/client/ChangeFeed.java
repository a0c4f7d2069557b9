package dev.tablero.client;

import dev.tablero.v1.Change;
import dev.tablero.v1.GameServiceGrpc;
import dev.tablero.v1.WatchChangesRequest;
import dev.tablero.v1.WatchChangesResponse;
import io.grpc.Context;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.Collections;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.concurrent.ThreadLocalRandom;
import org.jspecify.annotations.Nullable;

/**
 * The change feed of {@link Tablero#watchChanges}: a blocking, single-use stream of {@link
 * Change}s that reconnects from its last cursor when the stream breaks, so every change arrives
 * once and in order: after {@code UNAVAILABLE} (a replica shutting down, a lost connection),
 * {@code RESOURCE_EXHAUSTED} once the stream has delivered (the server closes a stream not read
 * for its drain time), or an end of the stream.
 *
 * <p>Iterate it once (Java for-each; Kotlin {@code for (change in feed)}), or pull with {@link
 * #hasNext()} / {@link #next()}. It does not end by itself: {@link #close()} it, from any thread
 * (try-with-resources; Kotlin {@code use}), and the iteration then ends. {@link #hasNext()}
 * blocks until the next change; it throws {@link StatusRuntimeException} on any other error (a
 * cursor older than the server keeps: {@code FAILED_PRECONDITION}, reason {@code
 * CURSOR_EXPIRED}), and after {@link #MAX_RECONNECTS} reconnects in a row without a change in
 * between. {@link #cursor()} is where a later feed resumes.
 */
public final class ChangeFeed implements Iterable<Change>, AutoCloseable {
  /**
   * How many times in a row the feed reconnects without a change arriving in between (waiting
   * 0.1 s, then twice as long each time, at most 5 s).
   */
  public static final int MAX_RECONNECTS = 8;

  private final GameServiceGrpc.GameServiceBlockingStub stub;
  private final WatchChangesRequest request;
  private final Object lock = new Object();
  private boolean closed; // guarded by lock
  private Context.@Nullable CancellableContext context; // guarded by lock
  private @Nullable Iterator<WatchChangesResponse> messages;
  /** Whether the stream in {@link #messages} has sent a message. */
  private boolean delivered;
  /** The changes of the last message not handed out yet. */
  private Iterator<Change> pending = Collections.emptyIterator();
  private String cursor;
  private int failures;
  private boolean iterated;

  private ChangeFeed(GameServiceGrpc.GameServiceBlockingStub stub, WatchChangesRequest request) {
    this.stub = stub;
    this.request = request;
    this.cursor = request.getCursor();
  }

  static ChangeFeed open(GameServiceGrpc.GameServiceBlockingStub stub, WatchChangesRequest request) {
    return new ChangeFeed(stub, request);
  }

  /** The cursor of the last change delivered (the starting cursor before the first). */
  public String cursor() {
    return cursor;
  }

  /** The stream from {@link #cursor}, or {@code null} once closed. */
  private @Nullable Iterator<WatchChangesResponse> connect() {
    WatchChangesRequest from =
        request.toBuilder()
            .setCursor(cursor)
            .setFromStart(request.getFromStart() && cursor.isEmpty())
            .build();
    synchronized (lock) {
      if (closed) {
        return null;
      }
      if (context != null) {
        context.cancel(null); // the broken call's, if it still holds anything
      }
      // Each call is bound to a cancellable context so that close() can end it from any thread.
      Context.CancellableContext ctx = Context.current().withCancellation();
      context = ctx;
      Context previous = ctx.attach();
      try {
        return stub.watchChanges(from);
      } finally {
        ctx.detach(previous);
      }
    }
  }

  /**
   * Blocks until there is a next change (true), or the feed was closed, or it gave up after a
   * run of ends of the stream without a change (false).
   */
  public boolean hasNext() {
    while (true) {
      if (isClosed()) {
        return false;
      }
      if (pending.hasNext()) {
        return true;
      }
      if (messages == null) {
        messages = connect();
        delivered = false;
        if (messages == null) {
          return false;
        }
      }
      try {
        if (messages.hasNext()) {
          delivered = true;
          pending = messages.next().getChangesList().iterator();
          continue;
        }
        // The server never ends the stream by itself; something in between did.
        messages = null;
        if (failures >= MAX_RECONNECTS) {
          return false;
        }
      } catch (StatusRuntimeException e) {
        messages = null;
        if (isClosed()) {
          return false;
        }
        if (!broken(e.getStatus().getCode(), delivered) || failures >= MAX_RECONNECTS) {
          throw e;
        }
      }
      failures++;
      if (!pause(failures)) {
        return false;
      }
    }
  }

  /**
   * Whether a feed's error means that the stream broke rather than that the server refused:
   * UNAVAILABLE, or RESOURCE_EXHAUSTED after the stream delivered (a reader too slow for the
   * server's drain time; before, it is a limit on streams).
   */
  private static boolean broken(Status.Code code, boolean delivered) {
    return code == Status.Code.UNAVAILABLE
        || (delivered && code == Status.Code.RESOURCE_EXHAUSTED);
  }

  /** The next change, blocking until it comes; {@link NoSuchElementException} once closed. */
  public Change next() {
    if (!hasNext()) {
      throw new NoSuchElementException("the change feed is closed");
    }
    Change change = pending.next();
    cursor = change.getCursor();
    failures = 0;
    return change;
  }

  /**
   * Waits before the {@code attempt}-th reconnect: a random half to all of 0.1 s doubling to at
   * most 5 s, so that many backends cut off at once do not all come back at once. False when the
   * feed was closed meanwhile.
   */
  private boolean pause(int attempt) {
    long ms = Math.min(5_000L, 100L << Math.min(attempt - 1, 10));
    long wait = ms / 2 + ThreadLocalRandom.current().nextLong(ms / 2 + 1);
    long until = System.nanoTime() + wait * 1_000_000L;
    synchronized (lock) {
      try {
        while (!closed) {
          long left = (until - System.nanoTime()) / 1_000_000L;
          if (left <= 0) {
            return true;
          }
          lock.wait(left);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw Status.CANCELLED.withDescription("interrupted").withCause(e).asRuntimeException();
      }
      return false;
    }
  }

  private boolean isClosed() {
    synchronized (lock) {
      return closed;
    }
  }

  /** The changes, once: a feed cannot be restarted (open another from {@link #cursor()}). */
  @Override
  public Iterator<Change> iterator() {
    if (iterated) {
      throw new IllegalStateException("a ChangeFeed can be iterated only once");
    }
    iterated = true;
    return new Iterator<>() {
      @Override
      public boolean hasNext() {
        return ChangeFeed.this.hasNext();
      }

      @Override
      public Change next() {
        return ChangeFeed.this.next();
      }
    };
  }

  /** Ends the feed: cancels the open call and ends the iteration. */
  @Override
  public void close() {
    synchronized (lock) {
      closed = true;
      lock.notifyAll();
      if (context != null) {
        context.cancel(null);
      }
    }
  }
}
