/**
 * The emulator's HTTP/1.1 server, on `node:net` rather than `node:http`: the REST interfaces need
 * only plain requests, bodies and streamed answers, and node:http's request and response streams
 * cost more per request than running a small command (measured in BENCHMARKS.md). Requests are
 * handed to an `HttpService` as plain objects (STYLE.md §7.7): first the head, then, if the service
 * admits it, the request with its body.
 */
import { type AddressInfo, createServer, type Server } from "node:net";
import type { HttpService } from "../types.ts";
import { DEFAULT_HTTP_LIMITS, HttpConnection, type HttpLimits } from "./connection.ts";

export type { HttpLimits } from "./connection.ts";

export interface HttpServerOptions {
  readonly service: HttpService;
  /** Receives bugs: a route or stream that threw. */
  readonly onError: (error: unknown) => void;
  readonly limits?: Partial<HttpLimits>;
  /** Fields every response carries besides the route's, such as `stratus-worker` (`--workers`). */
  readonly serverHeaders?: Readonly<Record<string, string>>;
}

/** How often idle and slow connections are checked against the timeouts, at most. */
const SWEEP_INTERVAL_MS = 1000;

export class HttpServer {
  readonly #server: Server;
  readonly #connections = new Set<HttpConnection>();
  readonly #limits: HttpLimits;
  #sweeper: NodeJS.Timeout | undefined;

  constructor(options: HttpServerOptions) {
    this.#limits = { ...DEFAULT_HTTP_LIMITS, ...options.limits };
    // Half-open sockets stay writable: a client may send its request and shut its side at once.
    this.#server = createServer({ noDelay: true, allowHalfOpen: true }, (socket) => {
      const connection = new HttpConnection(socket, {
        service: options.service,
        onError: options.onError,
        limits: this.#limits,
        serverHeaders: options.serverHeaders ?? {},
        onClose: (closed) => this.#connections.delete(closed),
      });
      this.#connections.add(connection);
    });
  }

  /**
   * Listens on `host:port` (0: a free port).
   * @throws the listen error, e.g. `EADDRINUSE`.
   */
  listen(port: number, host: string): Promise<AddressInfo> {
    return new Promise((resolve, reject) => {
      this.#server.once("error", reject);
      this.#server.listen(port, host, () => {
        this.#server.off("error", reject);
        const { keepAliveTimeoutMs, headersTimeoutMs } = this.#limits;
        this.#sweeper = setInterval(
          () => this.#sweep(),
          Math.min(SWEEP_INTERVAL_MS, keepAliveTimeoutMs, headersTimeoutMs),
        );
        this.#sweeper.unref();
        resolve(this.address());
      });
    });
  }

  address(): AddressInfo {
    return this.#server.address() as AddressInfo;
  }

  /** Stops listening and closes every connection, streams included. */
  close(): Promise<void> {
    clearInterval(this.#sweeper);
    return new Promise((resolve) => {
      this.#server.close(() => resolve());
      for (const connection of this.#connections) {
        connection.destroy();
      }
    });
  }

  #sweep(): void {
    const nowMs = Date.now();
    for (const connection of this.#connections) {
      connection.sweep(nowMs);
    }
  }
}
