// Reading Tablero's error conventions out of a ConnectError.
//
// The server puts a google.rpc.ErrorInfo into grpc-status-details-bin (metadata `rule_id` for a
// FAILED_PRECONDITION, `current_version` for an ABORTED) and repeats the value in a trailer
// (`tablero-rule-id`, `tablero-current-version`). Both helpers prefer the ErrorInfo detail and
// fall back to the trailer, so they work whichever of the two a transport or proxy preserved.

import { ConnectError } from "@connectrpc/connect";
import { ErrorInfoSchema, type ErrorInfo } from "./gen/google/rpc/error_details_pb.js";

/** Trailer repeating the violated rule ID of a FAILED_PRECONDITION. */
export const RULE_ID_TRAILER = "tablero-rule-id";
/** Trailer repeating the game's current version of an ABORTED. */
export const CURRENT_VERSION_TRAILER = "tablero-current-version";

/** The `google.rpc.ErrorInfo` details of an error (empty for anything but a ConnectError). */
export function errorInfoOf(err: unknown): ErrorInfo[] {
  if (!(err instanceof ConnectError)) return [];
  return err.findDetails(ErrorInfoSchema);
}

function detailOrTrailer(err: unknown, key: string, trailer: string): string | undefined {
  for (const info of errorInfoOf(err)) {
    const v = info.metadata[key];
    if (v !== undefined && v !== "") return v;
  }
  if (err instanceof ConnectError) {
    const v = err.metadata.get(trailer);
    if (v !== null && v !== "") return v;
  }
  return undefined;
}

/** The violated rule ID of a refused move (FAILED_PRECONDITION), e.g. `"CLM-TRK.4"`. */
export function ruleIdOf(err: unknown): string | undefined {
  return detailOrTrailer(err, "rule_id", RULE_ID_TRAILER);
}

/** The game's current version carried by an ABORTED (stale expected_version). */
export function currentVersionOf(err: unknown): bigint | undefined {
  const v = detailOrTrailer(err, "current_version", CURRENT_VERSION_TRAILER);
  if (v === undefined || !/^\d+$/.test(v)) return undefined;
  return BigInt(v);
}
