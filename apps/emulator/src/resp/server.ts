/**
 * The RESP2 TCP listener: serves a `KvBackend` so redis-cli, ioredis and node-redis can connect.
 * Binds 127.0.0.1 by default.
 */
import { createServer, type Server, type Socket } from "node:net";
import type { FaultInjector } from "../faults/injector.ts";
import type { KvBackend } from "../kv/backend.ts";
import type { UsageTotals } from "../metrics/usage.ts";
import { type RespAuthenticator, RespConnection } from "./connection.ts";

export interface RespServerOptions {
  readonly backend: KvBackend;
  readonly host: string;
  /** 0 picks a free port. */
  readonly port: number;
  readonly authenticate?: RespAuthenticator;
  readonly onError: (error: unknown) => void;
  /** Where the served database's usage goes, for the management stats. */
  readonly usage?: UsageTotals;
  /** The name of the database served without AUTH, for fault rules scoped to it. */
  readonly database?: string;
  /** Fault rules scoped to `resp` (or `any`) apply to commands (`resp/faults.ts`). */
  readonly faults?: FaultInjector;
}

export interface RespServer {
  readonly host: string;
  readonly port: number;
  close(): Promise<void>;
}

export async function startRespServer(options: RespServerOptions): Promise<RespServer> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.setNoDelay(true);
    socket.on("close", () => sockets.delete(socket));
    new RespConnection({
      socket,
      backend: options.backend,
      onError: options.onError,
      ...(options.authenticate === undefined ? {} : { authenticate: options.authenticate }),
      ...(options.usage === undefined ? {} : { usage: options.usage }),
      ...(options.faults === undefined ? {} : { faults: options.faults }),
      ...(options.database === undefined ? {} : { database: options.database }),
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : options.port;
  return {
    host: options.host,
    port,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) {
          socket.destroy();
        }
        server.close(() => resolve());
      }),
  };
}
