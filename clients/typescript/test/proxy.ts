// A TCP proxy in front of the server whose connections a test can cut, as a lost network or a
// replica going away would: a client behind it sees its calls fail with UNAVAILABLE.
import { createConnection, createServer, type Socket } from "node:net";

export interface Proxy {
  /** e.g. "http://127.0.0.1:40123" */
  url: string;
  /** Connections accepted so far. */
  readonly accepted: number;
  /** Closes every open connection at once (the listener stays, so clients can reconnect). */
  cut(): void;
  close(): Promise<void>;
}

/** Listens on a free loopback port and forwards each connection to `target` ("http://host:port"). */
export async function startProxy(target: string): Promise<Proxy> {
  const { hostname, port } = new URL(target);
  const open = new Set<Socket>();
  let accepted = 0;
  const server = createServer((client) => {
    accepted++;
    const upstream = createConnection({ host: hostname, port: Number(port) });
    for (const s of [client, upstream]) {
      open.add(s);
      s.on("close", () => open.delete(s));
      s.on("error", () => {}); // a cut or a reset ends both sides below
    }
    client.pipe(upstream);
    upstream.pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the proxy has no TCP address");
  return {
    url: `http://127.0.0.1:${address.port}`,
    get accepted() {
      return accepted;
    },
    cut() {
      for (const s of open) s.resetAndDestroy();
    },
    close() {
      for (const s of open) s.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
