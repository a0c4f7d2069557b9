// Tablero TypeScript client.
//
//   import { Tablero, connectNode } from "@tablero/client";          // Node (gRPC over HTTP/2)
//   import { Tablero, connectProtocolNode } from "@tablero/client";  // Node (Connect over HTTP)
//   import { Tablero, connectWeb } from "@tablero/client/web";       // browsers (gRPC-Web)
//
// The generated messages and enums (GameView, Occupant, ClaimCard, …) are re-exported too.
export * from "./web.js";
export { connectNode, connectProtocolNode, type ConnectProtocolOptions } from "./node-transport.js";
