/**
 * The proxy's connections to Redis (STYLE.md §7.1): one shared pipelined connection for stateless
 * commands, a bounded pool of dedicated connections leased one transaction at a time, and
 * unpooled connections for subscriptions, MONITOR and RESP sessions.
 *
 * Every connect goes through one gate: after a failed attempt, requests fail fast with
 * `BackendUnavailableError` until a capped exponential backoff has passed, and the next request
 * after that tries again. Redis coming back is therefore noticed by the first request after the
 * backoff, with no background timers.
 */

import type { Resp2Value } from "@stratus/core/resp2";
import { MONITOR_REST_ADDRESS } from "@stratus/core/rest";
import { BackendUnavailableError } from "../backend.ts";
import { RedisConnection } from "./connection.ts";
import type { RedisTarget } from "./redis-url.ts";

export interface RedisBackoff {
  /** The wait after the first failed connect. @default 100 */
  readonly initialMs: number;
  /** The cap: the wait doubles per failure up to this. @default 2000 */
  readonly maxMs: number;
}

export interface RedisPoolOptions {
  readonly target: RedisTarget;
  /** Connect plus handshake, per attempt. */
  readonly connectTimeoutMs: number;
  readonly backoff: RedisBackoff;
  /** How many transactions run at once, each on its own connection; the rest queue. */
  readonly maxTransactionConnections: number;
}

export interface OpenConnectionOptions {
  /** Receives the values no `send` waits for, in wire order. */
  readonly onPush?: (value: Resp2Value) => void;
  /** Called once when the connection ends (also when closed by the emulator). */
  readonly onClose?: (error: BackendUnavailableError) => void;
  /**
   * Who this connection's commands belong to, as MONITOR lines should show them: the REST address
   * for pooled connections, the RESP client's address for a session.
   */
  readonly displayAddress: string;
}

export class RedisPool {
  readonly #options: RedisPoolOptions;
  readonly #connections = new Set<RedisConnection>();
  /** Redis's view of our sockets (`ip:port`) → the client they serve, for MONITOR lines. */
  readonly #displayAddresses = new Map<string, string>();
  readonly #idle: RedisConnection[] = [];
  readonly #leases: Semaphore;
  #shared: RedisConnection | undefined;
  #sharedOpening: Promise<RedisConnection> | undefined;
  #failures = 0;
  #retryAtMs = 0;
  #lastError: BackendUnavailableError | undefined;
  #isClosed = false;

  constructor(options: RedisPoolOptions) {
    this.#options = options;
    this.#leases = new Semaphore(options.maxTransactionConnections);
  }

  /** The shared connection when it is open now, else undefined (then use `shared()`). */
  openShared(): RedisConnection | undefined {
    return this.#shared?.isOpen === true ? this.#shared : undefined;
  }

  /** The connection stateless commands share; opened (once) on demand. */
  shared(): Promise<RedisConnection> {
    const open = this.openShared();
    if (open !== undefined) {
      return Promise.resolve(open);
    }
    this.#sharedOpening ??= this.open({ displayAddress: MONITOR_REST_ADDRESS })
      .then((connection) => {
        this.#shared = connection;
        return connection;
      })
      .finally(() => {
        this.#sharedOpening = undefined;
      });
    return this.#sharedOpening;
  }

  /**
   * Leases a connection no one else uses until `release`: for one MULTI … EXEC. Waits while
   * `maxTransactionConnections` are leased.
   */
  async acquire(): Promise<RedisConnection> {
    await this.#leases.take();
    try {
      for (let idle = this.#idle.pop(); idle !== undefined; idle = this.#idle.pop()) {
        if (idle.isOpen) {
          return idle;
        }
      }
      return await this.open({ displayAddress: MONITOR_REST_ADDRESS });
    } catch (error: unknown) {
      this.#leases.give();
      throw error;
    }
  }

  /**
   * Ends a lease. Pass `isReusable` only when the transaction completed (EXEC or DISCARD answered),
   * so the connection is out of MULTI; otherwise it is destroyed.
   */
  release(connection: RedisConnection, isReusable: boolean): void {
    if (isReusable && connection.isOpen && !this.#isClosed) {
      this.#idle.push(connection);
    } else {
      connection.close();
    }
    this.#leases.give();
  }

  /**
   * Opens an unpooled connection, through the backoff gate.
   * @throws {BackendUnavailableError} at once while backing off, or when the attempt fails.
   */
  async open(options: OpenConnectionOptions): Promise<RedisConnection> {
    if (this.#isClosed) {
      throw new BackendUnavailableError("the Redis proxy backend is closed");
    }
    const waitMs = this.#retryAtMs - Date.now();
    if (waitMs > 0 && this.#lastError !== undefined) {
      throw new BackendUnavailableError(
        `${this.#lastError.message} (next attempt in ${waitMs} ms)`,
        { cause: this.#lastError },
      );
    }
    let registeredAs: string | undefined;
    let connection: RedisConnection;
    try {
      connection = await RedisConnection.open({
        target: this.#options.target,
        connectTimeoutMs: this.#options.connectTimeoutMs,
        ...(options.onPush === undefined ? {} : { onPush: options.onPush }),
        onClose: (error) => {
          this.#connections.delete(connection);
          if (registeredAs !== undefined) {
            this.#displayAddresses.delete(registeredAs);
          }
          options.onClose?.(error);
        },
      });
    } catch (error: unknown) {
      const unavailable =
        error instanceof BackendUnavailableError
          ? error
          : new BackendUnavailableError(String(error), { cause: error });
      this.#recordFailure(unavailable);
      throw unavailable;
    }
    this.#failures = 0;
    this.#retryAtMs = 0;
    this.#lastError = undefined;
    if (this.#isClosed) {
      connection.close();
      throw new BackendUnavailableError("the Redis proxy backend is closed");
    }
    registeredAs = connection.localAddress;
    this.#connections.add(connection);
    this.#displayAddresses.set(registeredAs, options.displayAddress);
    return connection;
  }

  /** The client a Redis-side address belongs to when it is one of ours, else undefined. */
  displayAddress(redisAddress: string): string | undefined {
    return this.#displayAddresses.get(redisAddress);
  }

  /** Closes every connection; later requests fail with `BackendUnavailableError`. */
  close(): void {
    this.#isClosed = true;
    this.#leases.rejectWaiters(new BackendUnavailableError("the Redis proxy backend is closed"));
    for (const connection of [...this.#connections]) {
      connection.close();
    }
    this.#idle.length = 0;
  }

  #recordFailure(error: BackendUnavailableError): void {
    const { initialMs, maxMs } = this.#options.backoff;
    this.#failures++;
    const delayMs = Math.min(maxMs, initialMs * 2 ** Math.min(this.#failures - 1, 30));
    this.#retryAtMs = Date.now() + delayMs;
    this.#lastError = error;
  }
}

/** A counting semaphore whose waiters are served in arrival order. */
class Semaphore {
  #available: number;
  readonly #waiters: { resolve: () => void; reject: (error: unknown) => void }[] = [];

  constructor(permits: number) {
    this.#available = permits;
  }

  take(): Promise<void> {
    if (this.#available > 0) {
      this.#available--;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => this.#waiters.push({ resolve, reject }));
  }

  /** Returns a permit, handing it straight to the oldest waiter if there is one. */
  give(): void {
    const next = this.#waiters.shift();
    if (next === undefined) {
      this.#available++;
    } else {
      next.resolve();
    }
  }

  rejectWaiters(error: unknown): void {
    for (const waiter of this.#waiters.splice(0)) {
      waiter.reject(error);
    }
  }
}
