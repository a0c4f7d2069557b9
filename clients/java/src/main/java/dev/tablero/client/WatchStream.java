package dev.tablero.client;

import io.grpc.Context;
import java.util.Iterator;
import java.util.NoSuchElementException;
import dev.tablero.v1.GameServiceGrpc;
import dev.tablero.v1.WatchGameRequest;
import dev.tablero.v1.WatchGameResponse;

/**
 * A blocking, single-use stream of {@link WatchGameResponse}s from {@link SeatClient#watch}.
 *
 * <p>Iterate it once (Java for-each; Kotlin {@code for (msg in stream)} or
 * {@code stream.asSequence()}), or pull with {@link #hasNext()} / {@link #next()}. Close it
 * (try-with-resources; Kotlin {@code use}) to cancel the call early, from any thread.
 * {@link #hasNext()} blocks until the next message, the end of the stream (after the FINISHED
 * view), or an error, thrown as {@link io.grpc.StatusRuntimeException} ({@code CANCELLED} after
 * {@link #close()}).
 *
 * <p>It is deliberately {@link Iterable} and not also an {@link Iterator}: being both makes
 * Kotlin's {@code asSequence()} ambiguous.
 */
public final class WatchStream implements Iterable<WatchGameResponse>, AutoCloseable {
  private final Context.CancellableContext context;
  private final Iterator<WatchGameResponse> messages;
  private boolean iterated;

  private WatchStream(Context.CancellableContext context, Iterator<WatchGameResponse> messages) {
    this.context = context;
    this.messages = messages;
  }

  static WatchStream open(GameServiceGrpc.GameServiceBlockingStub stub, WatchGameRequest request) {
    // The call is bound to a cancellable context so that close() can end it from any thread.
    Context.CancellableContext ctx = Context.current().withCancellation();
    Context previous = ctx.attach();
    try {
      return new WatchStream(ctx, stub.watchGame(request));
    } finally {
      ctx.detach(previous);
    }
  }

  /** Blocks until there is a next message (true) or the stream has ended (false). */
  public boolean hasNext() {
    return messages.hasNext();
  }

  /** The next message, blocking until it comes; {@link NoSuchElementException} at the end. */
  public WatchGameResponse next() {
    if (!messages.hasNext()) {
      throw new NoSuchElementException("the watch stream has ended");
    }
    return messages.next();
  }

  /**
   * The messages, once: a stream cannot be restarted (watch again from the last version seen).
   */
  @Override
  public Iterator<WatchGameResponse> iterator() {
    if (iterated) {
      throw new IllegalStateException("a WatchStream can be iterated only once");
    }
    iterated = true;
    return new Iterator<>() {
      @Override
      public boolean hasNext() {
        return WatchStream.this.hasNext();
      }

      @Override
      public WatchGameResponse next() {
        return WatchStream.this.next();
      }
    };
  }

  /** Cancels the call (a no-op once the stream has ended). */
  @Override
  public void close() {
    context.cancel(null);
  }
}
