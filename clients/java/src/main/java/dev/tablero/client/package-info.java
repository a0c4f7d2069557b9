/**
 * Java (and Kotlin) client for the Tablero game engine.
 *
 * <p>The wire code is generated at build time from the repository's {@code proto/} into the
 * package {@code dev.tablero.v1} ({@link dev.tablero.v1.GameServiceGrpc} and one class per
 * message, e.g. {@code dev.tablero.v1.GameView}). This package adds what
 * every caller would otherwise repeat: attaching a seat token, submitting at the current version
 * with an idempotency key and retrying on {@code ABORTED}, following history pages, and reading
 * the rule ID or current version out of an error.
 *
 * <p>Every type here is null-marked (JSpecify): a parameter or return value may be {@code null}
 * only where it is annotated {@code @Nullable}, so Kotlin sees exact types instead of platform
 * types. No method throws a checked exception; RPC failures surface as
 * {@link io.grpc.StatusRuntimeException}.
 */
@NullMarked
package dev.tablero.client;

import org.jspecify.annotations.NullMarked;
