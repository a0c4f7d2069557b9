// Browser entry point (`@tablero/client/web`): everything but the Node transport, so bundlers
// never see node:http2.
export { Tablero, SeatClient, MAX_SUBMIT_RETRIES, MAX_WATCH_RECONNECTS, API_KEY_HEADER } from "./client.js";
export type {
  ActionInit,
  GameServiceClient,
  JoinOptions,
  PlayerGamesOptions,
  SeatSpecInit,
  SubmitOptions,
  TimeControlInit,
  TableroOptions,
  Version,
  WatchChangesOptions,
} from "./client.js";
export { ruleIdOf, currentVersionOf, errorInfoOf, RULE_ID_TRAILER, CURRENT_VERSION_TRAILER } from "./errors.js";
export { connectWeb } from "./web-transport.js";
export { Code, ConnectError } from "@connectrpc/connect";
export type { CallOptions, Transport } from "@connectrpc/connect";
export * from "./gen/tablero/v1/game_service_pb.js";
export * from "./gen/tablero/v1/claim_pb.js";
export { ErrorInfoSchema, type ErrorInfo } from "./gen/google/rpc/error_details_pb.js";
