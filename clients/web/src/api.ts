// The connection to the server: one gRPC-Web client, bearer tokens, and readable errors.
// (The server speaks gRPC-Web, not the Connect protocol.)
import { Code, ConnectError, createClient, type Client } from "@connectrpc/connect";
import { createGrpcWebTransport } from "@connectrpc/connect-web";
import { CampaignService } from "../../typescript/src/gen/tablero/v1/campaign_service_pb.js";
import { GameService } from "../../typescript/src/gen/tablero/v1/game_service_pb.js";

/** The server: `?server=http://host:port`, else the page's own origin. */
export function serverUrl(): string {
  const param = new URLSearchParams(location.search).get("server");
  if (param) return param.replace(/\/+$/, "");
  return location.origin;
}

let cached: Client<typeof GameService> | undefined;
let cachedCampaigns: Client<typeof CampaignService> | undefined;

export function api(): Client<typeof GameService> {
  cached ??= createClient(GameService, createGrpcWebTransport({ baseUrl: serverUrl() }));
  return cached;
}

/** The campaign service (series of plays whose results carry over; legacy kingdoms). */
export function campaignApi(): Client<typeof CampaignService> {
  cachedCampaigns ??= createClient(CampaignService, createGrpcWebTransport({ baseUrl: serverUrl() }));
  return cachedCampaigns;
}

/** Call options carrying a backend's API key as `x-api-key` (none: a player's call). */
export function withApiKey(apiKey: string | undefined) {
  return { headers: apiKey ? { "x-api-key": apiKey } : undefined };
}

/** Call options carrying a seat token (none for a spectator). */
export function withToken(token: string | undefined, signal?: AbortSignal) {
  return {
    headers: token ? { authorization: `Bearer ${token}` } : undefined,
    signal,
  };
}

export interface ApiFailure {
  /** The gRPC code name, e.g. FAILED_PRECONDITION. */
  code: string;
  codeNumber: Code;
  message: string;
  /** From the `tablero-rule-id` trailer (illegal moves). */
  ruleId?: string;
  /** From the `tablero-current-version` trailer (stale expected_version). */
  currentVersion?: string;
}

export function failure(e: unknown): ApiFailure {
  const err = ConnectError.from(e);
  const name = Code[err.code] ?? "UNKNOWN";
  return {
    code: name.replace(/([a-z])([A-Z])/g, "$1_$2").toUpperCase(),
    codeNumber: err.code,
    message: err.rawMessage,
    ruleId: err.metadata.get("tablero-rule-id") ?? undefined,
    currentVersion: err.metadata.get("tablero-current-version") ?? undefined,
  };
}

export function describe(f: ApiFailure): string {
  let s = f.code;
  if (f.ruleId) s += ` [rule ${f.ruleId}]`;
  if (f.currentVersion) s += ` [current version ${f.currentVersion}]`;
  return `${s}: ${f.message}`;
}

export function isAbort(e: unknown): boolean {
  return e instanceof DOMException
    ? e.name === "AbortError"
    : ConnectError.from(e).code === Code.Canceled;
}

/** A fresh idempotency key (crypto.randomUUID needs a secure context; fall back otherwise). */
export function freshKey(): string {
  if (typeof crypto.randomUUID === "function" && isSecureContext) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
