import type { Interceptor, Transport } from "@connectrpc/connect";
import {
  compressionGzip,
  createConnectTransport,
  createGrpcTransport,
  type GrpcTransportOptions,
} from "@connectrpc/connect-node";

/**
 * A gRPC (HTTP/2) transport to a Tablero server for Node, e.g.
 * `connectNode("http://127.0.0.1:50051")` (h2c) or an https:// URL (TLS).
 */
export function connectNode(baseUrl: string, options: Partial<GrpcTransportOptions> = {}): Transport {
  return createGrpcTransport({ ...options, baseUrl });
}

/** How {@link connectProtocolNode} talks: by default JSON over HTTP/1.1, uncompressed. */
export interface ConnectProtocolOptions {
  /** Binary protobuf (`application/proto`) instead of JSON. */
  binary?: boolean;
  /** "2" for HTTP/2 (h2c or TLS), else HTTP/1.1. */
  httpVersion?: "1.1" | "2";
  /** Send the reads (the methods marked NO_SIDE_EFFECTS) as GET, which HTTP caches can hold. */
  get?: boolean;
  /** Compress requests with gzip (answers are taken gzip-compressed either way). */
  gzip?: boolean;
  /** More of connect-node's Connect transport options. */
  transport?: { interceptors?: Interceptor[]; compressMinBytes?: number; defaultTimeoutMs?: number };
}

/**
 * A transport speaking the Connect protocol (plain HTTP, JSON or binary) to a Tablero server
 * for Node: for networks whose proxies pass HTTP/1.1 but not gRPC, e.g.
 * `connectProtocolNode("http://127.0.0.1:50051", { binary: true, get: true })`.
 */
export function connectProtocolNode(baseUrl: string, options: ConnectProtocolOptions = {}): Transport {
  const common = {
    baseUrl,
    useBinaryFormat: options.binary ?? false,
    useHttpGet: options.get ?? false,
    sendCompression: options.gzip ? compressionGzip : undefined,
    acceptCompression: [compressionGzip],
    ...options.transport,
  };
  return options.httpVersion === "2"
    ? createConnectTransport({ ...common, httpVersion: "2" })
    : createConnectTransport({ ...common, httpVersion: "1.1" });
}
