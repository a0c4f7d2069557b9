import type { Transport } from "@connectrpc/connect";
import { createGrpcWebTransport, type GrpcWebTransportOptions } from "@connectrpc/connect-web";

/**
 * A gRPC-Web transport (fetch, HTTP/1.1 or whatever the browser negotiates) to a Tablero server,
 * e.g. `connectWeb("http://127.0.0.1:50051")`. Works in browsers and in any runtime with fetch.
 */
export function connectWeb(baseUrl: string, options: Partial<GrpcWebTransportOptions> = {}): Transport {
  return createGrpcWebTransport({ ...options, baseUrl });
}
