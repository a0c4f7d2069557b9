// Test support: starts the real server binary on a free port and stops it afterwards.
import { spawn, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

/** The server binary: $TABLERO_BIN, else ../../target/debug/tablero relative to this package. */
export function serverBinary(): string {
  const fromEnv = process.env.TABLERO_BIN;
  if (fromEnv) return fromEnv;
  return fileURLToPath(new URL("../../../target/debug/tablero", import.meta.url));
}

export interface RunningServer {
  /** e.g. "http://127.0.0.1:40123" */
  url: string;
  /** An API key the server knows, with every scope (the tests' backend). */
  apiKey: string;
  stop(): Promise<void>;
}

/** The scopes of the tests' key unless a test asks for more. */
export const SCOPES = ["create", "setup", "list", "delete", "seats"];

/**
 * A fresh API key and the server's key list holding it with `scopes`: the server keeps only
 * the SHA-256 of a key (hex), as `tablero keygen` prints it.
 */
export function testApiKey(scopes: string[] = SCOPES): { key: string; entries: string } {
  const key = `tbk_test_${randomBytes(24).toString("hex")}`;
  const sha256 = createHash("sha256").update(key).digest("hex");
  const list = scopes.map((s) => JSON.stringify(s)).join(", ");
  const entries = `[[key]]\nname = "typescript-tests"\nsha256 = "${sha256}"\nscopes = [${list}]\n`;
  return { key, entries };
}

/**
 * Starts `tablero --listen 127.0.0.1:0` (and `args`) knowing one API key with `scopes` (see
 * testApiKey) and waits for "tablero listening on ADDR (…)".
 */
export async function startServer(scopes: string[] = SCOPES, args: string[] = []): Promise<RunningServer> {
  const bin = serverBinary();
  if (!existsSync(bin)) {
    throw new Error(`server binary ${bin} not found: build it (cargo build --bin tablero in the repo root) or set TABLERO_BIN`);
  }
  const { key: apiKey, entries } = testApiKey(scopes);
  const env: NodeJS.ProcessEnv = { ...process.env, TABLERO_API_KEYS: entries, RUST_LOG: process.env.RUST_LOG ?? "warn" };
  delete env.TABLERO_API_KEYS_FILE;
  const child: ChildProcess = spawn(bin, ["--listen", "127.0.0.1:0", ...args], {
    stdio: ["ignore", "pipe", "pipe"],
    env,
  });
  let stderr = "";
  child.stderr!.setEncoding("utf8");
  child.stderr!.on("data", (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 20 s; stderr:\n${stderr}`)), 20_000);
    lines.once("line", (line) => {
      clearTimeout(timer);
      const m = /^tablero listening on (\S+)/.exec(line);
      if (m) resolve(`http://${m[1]}`);
      else reject(new Error(`unexpected first line from the server: ${JSON.stringify(line)}`));
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before listening; stderr:\n${stderr}`));
    });
  });
  // Keep draining stdout so the server never blocks on a full pipe.
  lines.on("line", () => {});
  return {
    url,
    apiKey,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
        await exited;
        clearTimeout(timer);
      }
      lines.close();
    },
  };
}
