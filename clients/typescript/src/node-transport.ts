import type { Transport } from "@connectrpc/connect";
import { createGrpcTransport, type GrpcTransportOptions } from "@connectrpc/connect-node";

/**
 * A gRPC (HTTP/2) transport to a Tablero server for Node, e.g.
 * `connectNode("http://127.0.0.1:50051")` (h2c) or an https:// URL (TLS).
 */
export function connectNode(baseUrl: string, options: Partial<GrpcTransportOptions> = {}): Transport {
  return createGrpcTransport({ ...options, baseUrl });
}
