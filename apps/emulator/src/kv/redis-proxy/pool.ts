/**
 * The proxy's connections to Redis (STYLE.md §7.1): one shared pipelined connection for stateless
 * commands, a bounded pool of dedicated connections leased one transaction at a time, and
 * unpooled connections for subscriptions, MONITOR and RESP sessions.
 *
 * Every connect goes through one gate: after a failed attempt, requests fail fast with
 * `BackendUnavailableError` until a capped exponential backoff has passed, and the next request
 * after that tries again. Redis coming back is therefore noticed by the first request after the
 * backoff, with no background timers.
 *
 * The pool also keeps the outage log: one line when Redis becomes unavailable (a connect fails, or
 * a connection is lost or times out) and one when a connect succeeds again, however many requests
 * fail in between, and without stack traces: an outage is an operating condition, not a bug.
 */

import type { Resp2Value } from "@stratus/core/resp2";
import { MONITOR_REST_ADDRESS } from "@stratus/core/rest";
import { BackendUnavailableError } from "../backend.ts";
import { RedisConnection } from "./connection.ts";
import { describeRedisTarget, type RedisTarget } from "./redis-url.ts";

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
  /** Bounds each reply's wait (command-timeout.ts); 0: no bound. */
  readonly commandTimeoutMs: number;
  /** Receives the outage log's lines (Redis unavailable, Redis back). */
  readonly log?: (line: string) => void;
}

export interface OpenConnectionOptions {
  /** Receives the values no `send` waits for, in wire order. */
  readonly onPush?: (value: Resp2Value) => void;
  /**
   * Called once when the connection ends (also when closed by the emulator: `isOutage` false).
   */
  readonly onClose?: (error: BackendUnavailableError, isOutage: boolean) => void;
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
  /** When the current outage began (`Date.now()`), or undefined while Redis is reachable. */
  #outageSinceMs: number | undefined;
  #isClosed = false;

  constructor(options: RedisPoolOptions) {
    this.#options = options;
    this.#leases = new Semaphore(options.maxTransactionConnections);
  }

  /** The command timeout, which sessions apply to their own replies. */
  get commandTimeoutMs(): number {
    return this.#options.commandTimeoutMs;
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
        connectTimeoutMs: this.#connectTimeoutMs(),
        commandTimeoutMs: this.#options.commandTimeoutMs,
        ...(options.onPush === undefined ? {} : { onPush: options.onPush }),
        onClose: (error, isOutage) => {
          this.#connections.delete(connection);
          if (registeredAs !== undefined) {
            this.#displayAddresses.delete(registeredAs);
          }
          if (isOutage) {
            this.#reportOutage(error);
          }
          options.onClose?.(error, isOutage);
        },
      });
    } catch (error: unknown) {
      const unavailable =
        error instanceof BackendUnavailableError
          ? error
          : new BackendUnavailableError(String(error), { cause: error });
      this.#recordFailure(unavailable);
      this.#reportOutage(unavailable);
      throw unavailable;
    }
    this.#failures = 0;
    this.#retryAtMs = 0;
    this.#lastError = undefined;
    this.#reportRecovery();
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

  /**
   * A shorter command timeout also bounds the handshake: a request never waits longer for a
   * stalled Redis's first reply on a new connection than on an open one.
   */
  #connectTimeoutMs(): number {
    const { connectTimeoutMs, commandTimeoutMs } = this.#options;
    return commandTimeoutMs > 0 ? Math.min(connectTimeoutMs, commandTimeoutMs) : connectTimeoutMs;
  }

  /** The outage's first line; later failures of the same outage are not logged. */
  #reportOutage(error: BackendUnavailableError): void {
    if (this.#outageSinceMs !== undefined || this.#isClosed) {
      return;
    }
    this.#outageSinceMs = Date.now();
    // The message names the target (without credentials) and the cause; the wording is the
    // start-up warning's, which an unreachable Redis at start-up now is.
    this.#options.log?.(
      `warning: ${error.message}; key-value requests fail with 503 until Redis is reachable`,
    );
  }

  #reportRecovery(): void {
    if (this.#outageSinceMs === undefined) {
      return;
    }
    const seconds = ((Date.now() - this.#outageSinceMs) / 1000).toFixed(1);
    this.#outageSinceMs = undefined;
    this.#options.log?.(
      `Redis at ${describeRedisTarget(this.#options.target)} is reachable again, after ${seconds} s unavailable`,
    );
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
