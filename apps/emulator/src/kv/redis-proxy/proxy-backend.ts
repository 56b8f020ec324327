/**
 * `KvBackend` over a real Redis (`--redis-url`), speaking RESP2 through `@stratus/core/resp2`
 * (STYLE.md §7.1, kv-rest-wire.md §11.2, §12):
 * - `execute` and `pipeline` share one pipelined connection;
 * - each `transaction` leases a dedicated connection for its MULTI … EXEC, returned to the pool
 *   only once EXEC has answered and destroyed on any failure, so no other request ever runs on a
 *   connection in the middle of a MULTI;
 * - each `subscribe`, `monitor` and session has a connection of its own, closed when it ends.
 *
 * Replies are Redis's, decoded and passed on unchanged, so `encodeResp2` of a reply gives back
 * Redis's bytes. A throw means Redis could not be reached: `BackendUnavailableError`, promptly
 * (connect timeout, then fail-fast backoff; a stalled Redis after the command timeout), and
 * requests succeed again once Redis is back. Outages are logged once each, through `log`.
 */

import type { Resp2Value } from "@stratus/core/resp2";
import { MONITOR_REST_ADDRESS, parseMonitorLine } from "@stratus/core/rest";
import { bytesToBinary } from "../argv.ts";
import { AsyncQueue } from "../async-queue.ts";
import {
  type Argv,
  BackendUnavailableError,
  type KvBackend,
  type KvSession,
  type KvSessionOptions,
  type MonitorLine,
  type MonitorOptions,
  type PubSubEvent,
  type SubscribeOptions,
  type TransactionResult,
} from "../backend.ts";
import { DEFAULT_OUTPUT_LIMITS, type OutputLimitSource } from "../output-limit.ts";
import { monitorLineBytes, pubSubEventBytes } from "../stream-sizes.ts";
import { DEFAULT_COMMAND_TIMEOUT_MS } from "./command-timeout.ts";
import type { RedisConnection } from "./connection.ts";
import { type RedisBackoff, RedisPool } from "./pool.ts";
import { RedisProxySession } from "./proxy-session.ts";
import { parseRedisUrl } from "./redis-url.ts";
import { type PreparedCommand, ServiceDialect } from "./service-dialect.ts";
import { statelessRefusal } from "./stateless-guard.ts";

export interface RedisProxyOptions {
  /** `redis://[[user]:password@]host[:port][/db]`, or `rediss://` for TLS. */
  readonly url: string;
  /** Connect plus AUTH/SELECT, per attempt, before `BackendUnavailableError`. @default 2000 */
  readonly connectTimeoutMs?: number;
  /** Fail-fast window after a failed connect. @default { initialMs: 100, maxMs: 2000 } */
  readonly backoff?: RedisBackoff;
  /** Transactions running at once, each on its own connection. @default 32 */
  readonly maxTransactionConnections?: number;
  /**
   * How long a connection waits for a reply before Redis counts as stalled: the request gets
   * `BackendUnavailableError` and the connection is destroyed (command-timeout.ts: the clock
   * restarts at every reply, blocking commands get their own timeout on top, streams are exempt).
   * 0 disables it. @default 5000
   */
  readonly commandTimeoutMs?: number;
  /** Where the outage log goes: one line when Redis becomes unavailable, one when it is back. */
  readonly log?: (line: string) => void;
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 2000;
export const DEFAULT_BACKOFF: RedisBackoff = { initialMs: 100, maxMs: 2000 };
export const DEFAULT_MAX_TRANSACTION_CONNECTIONS = 32;

const MULTI: Argv = ["MULTI"];
const EXEC: Argv = ["EXEC"];
/** Sent in a transaction in place of a command the proxy answers itself, to keep the positions. */
const PLACEHOLDER: Argv = ["PING"];

/**
 * Validates the URL and creates the backend; nothing connects until the first request (or
 * `probe()`).
 * @throws {EmulatorError} `ERR_INVALID_OPTIONS` for a malformed URL.
 */
export function createRedisProxyBackend(options: RedisProxyOptions): RedisProxyBackend {
  return new RedisProxyBackend(options);
}

export class RedisProxyBackend implements KvBackend {
  readonly #pool: RedisPool;
  readonly #connectTimeoutMs: number;
  /**
   * Redis's default limits: the proxy has no engine config, and the proxied Redis's own limits
   * guard its connection to us, which is read at once (its CONFIG is not consulted: a round trip
   * per stream, and a managed Redis may refuse CONFIG).
   */
  readonly outputLimits: OutputLimitSource = DEFAULT_OUTPUT_LIMITS;
  /** The proxied Redis enforces its own ACL users over RESP; REST tokens act as nobody else. */
  readonly aclUsers = undefined;
  /** MONITOR streams not yet confirmed by Redis; requests wait for them (see `monitor`). */
  readonly #startingMonitors = new Set<Promise<void>>();
  /** The service's behaviours Redis lacks (service-dialect.ts), shared by every connection. */
  readonly #dialect = new ServiceDialect();

  constructor(options: RedisProxyOptions) {
    this.#connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    this.#pool = new RedisPool({
      target: parseRedisUrl(options.url),
      connectTimeoutMs: this.#connectTimeoutMs,
      backoff: options.backoff ?? DEFAULT_BACKOFF,
      maxTransactionConnections:
        options.maxTransactionConnections ?? DEFAULT_MAX_TRANSACTION_CONNECTIONS,
      commandTimeoutMs: options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS,
      ...(options.log === undefined ? {} : { log: options.log }),
    });
  }

  /** Connects the shared connection now; the reason when Redis cannot be reached, else undefined. */
  async probe(): Promise<string | undefined> {
    try {
      await this.#pool.shared();
      return undefined;
    } catch (error: unknown) {
      return error instanceof Error ? error.message : String(error);
    }
  }

  execute(argv: Argv): Promise<Resp2Value> {
    const refusal = statelessRefusal(argv, false);
    if (refusal !== undefined) {
      return Promise.resolve({ kind: "error", message: refusal });
    }
    const prepared = this.#dialect.prepare(argv);
    if (prepared.argv === undefined || prepared.finish !== undefined) {
      return this.#executePrepared(prepared);
    }
    // The usual case without awaits: each one is a microtask turn on every request.
    const connection = this.#startingMonitors.size === 0 ? this.#pool.openShared() : undefined;
    return connection === undefined
      ? this.#executeLater(prepared.argv)
      : connection.send(prepared.argv);
  }

  async #executeLater(argv: Argv): Promise<Resp2Value> {
    await this.#ready();
    const connection = await this.#pool.shared();
    return connection.send(argv);
  }

  async #executePrepared(prepared: PreparedCommand): Promise<Resp2Value> {
    await this.#ready();
    const connection = await this.#pool.shared();
    const reply = prepared.argv === undefined ? undefined : await connection.send(prepared.argv);
    return prepared.finish === undefined
      ? (reply ?? { kind: "null" })
      : prepared.finish(reply, (commands) => connection.sendAll(commands));
  }

  async pipeline(commands: readonly Argv[]): Promise<readonly Resp2Value[]> {
    const refusals = commands.map((argv) => statelessRefusal(argv, false));
    const prepared = commands.map((argv, index) =>
      refusals[index] === undefined ? this.#dialect.prepare(argv) : undefined,
    );
    const allowed = prepared.flatMap((command) =>
      command?.argv === undefined ? [] : [command.argv],
    );
    await this.#ready();
    const connection = this.#pool.openShared() ?? (await this.#pool.shared());
    // Sent back to back in one write, not atomically: other requests may run in between.
    const replies = allowed.length === 0 ? [] : await connection.sendAll(allowed);
    let next = 0;
    if (prepared.every((command) => command === undefined || command.finish === undefined)) {
      // The usual case, without a microtask per command.
      return prepared.map(
        (command, index): Resp2Value =>
          command === undefined
            ? { kind: "error", message: refusals[index] ?? "" }
            : (replies[next++] as Resp2Value),
      );
    }
    const results: Resp2Value[] = [];
    for (const [index, command] of prepared.entries()) {
      if (command === undefined) {
        results.push({ kind: "error", message: refusals[index] ?? "" });
        continue;
      }
      const reply = command.argv === undefined ? undefined : (replies[next++] as Resp2Value);
      results.push(await finishOn(connection, command, reply));
    }
    return results;
  }

  /**
   * MULTI, the commands and EXEC in one write on a leased connection. A command Redis refuses to
   * queue (unknown, wrong arity) makes EXEC answer EXECABORT: the transaction is discarded with
   * that first refusal's text, as the memory backend's `engine.transaction` reports it. Runtime
   * errors (WRONGTYPE) are per-command replies inside the executed array.
   */
  async transaction(commands: readonly Argv[]): Promise<TransactionResult> {
    for (const argv of commands) {
      const refusal = statelessRefusal(argv, true);
      if (refusal !== undefined) {
        return { status: "discarded", error: refusal };
      }
    }
    const prepared = commands.map((argv) => this.#dialect.prepare(argv));
    const sent = prepared.map((command) => command.argv ?? PLACEHOLDER);
    await this.#ready();
    const connection = await this.#pool.acquire();
    let isReusable = false;
    try {
      const replies = await connection.sendAll([MULTI, ...sent, EXEC]);
      const result = readTransaction(replies, commands.length);
      // MULTI was accepted and EXEC (or EXECABORT) answered: the connection is out of MULTI and
      // can serve another lease.
      isReusable = replies[0]?.kind === "simple";
      if (
        result.status !== "executed" ||
        prepared.every((command) => command.finish === undefined)
      ) {
        return result;
      }
      const finished: Resp2Value[] = [];
      for (const [index, command] of prepared.entries()) {
        const reply = result.replies[index] ?? { kind: "null" };
        finished.push(
          await finishOn(connection, command, command.argv === undefined ? undefined : reply),
        );
      }
      return { status: "executed", replies: finished };
    } finally {
      this.#pool.release(connection, isReusable);
    }
  }

  subscribe(options: SubscribeOptions): AsyncIterable<PubSubEvent> {
    let connection: RedisConnection | undefined;
    const queue = new AsyncQueue<PubSubEvent>(options.signal, () => connection?.close(), {
      source: this.outputLimits,
      clientClass: "pubsub",
      sizeOf: pubSubEventBytes,
      onExceeded: options.onOutputLimit ?? noop,
    });
    const isPattern = options.kind === "pattern";
    let isConfirmed = false;
    const onValue = (value: Resp2Value): void => {
      if (!isConfirmed) {
        isConfirmed = true;
        const count = value.kind === "array" ? value.items[2] : undefined;
        if (count?.kind !== "integer") {
          queue.fail(refused(isPattern ? "PSUBSCRIBE" : "SUBSCRIBE", value));
          return;
        }
        queue.push({
          kind: isPattern ? "psubscribe" : "subscribe",
          name: options.name,
          count: Number(count.value),
        });
        return;
      }
      const event = toPubSubEvent(value);
      if (event !== undefined) {
        queue.push(event);
      }
    };
    this.#pool
      .open({
        displayAddress: MONITOR_REST_ADDRESS,
        onPush: onValue,
        onClose: (error) => queue.fail(error),
      })
      .then((opened) => {
        connection = opened;
        if (queue.isDone) {
          opened.close();
          return;
        }
        // The confirmation and the messages arrive through `onPush`, in wire order, so the
        // confirmation is always the first event (kv-rest-wire.md §11.1).
        opened.write([isPattern ? "PSUBSCRIBE" : "SUBSCRIBE", bytesToBinary(options.name)]);
      })
      .catch((error: unknown) => queue.fail(error));
    return queue;
  }

  /**
   * A MONITOR connection's lines, parsed. Until Redis confirms MONITOR, this backend's requests
   * wait (at most the connect timeout), so every command sent after `monitor()` returns is seen,
   * as with the memory backend.
   */
  monitor(options: MonitorOptions): AsyncIterable<MonitorLine> {
    let connection: RedisConnection | undefined;
    const queue = new AsyncQueue<MonitorLine>(options.signal, () => connection?.close(), {
      source: this.outputLimits,
      // An SSE stream has no class in Redis: it is pushed to like a subscriber, so it takes the
      // pubsub limits (RESP MONITOR keeps Redis's `normal` class).
      clientClass: "pubsub",
      sizeOf: monitorLineBytes,
      onExceeded: options.onOutputLimit ?? noop,
    });
    let markStarted: () => void = noop;
    const started = new Promise<void>((resolve) => {
      markStarted = resolve;
    });
    const timer = setTimeout(markStarted, this.#connectTimeoutMs).unref();
    this.#startingMonitors.add(started);
    void started.then(() => {
      clearTimeout(timer);
      this.#startingMonitors.delete(started);
    });
    let isConfirmed = false;
    const onValue = (value: Resp2Value): void => {
      if (!isConfirmed) {
        isConfirmed = true;
        markStarted();
        if (value.kind !== "simple") {
          queue.fail(refused("MONITOR", value));
        }
        return;
      }
      const line = value.kind === "simple" ? parseMonitorLine(value.value) : undefined;
      if (line !== undefined) {
        const address = this.#pool.displayAddress(line.address) ?? line.address;
        queue.push(address === line.address ? line : { ...line, address });
      }
    };
    this.#pool
      .open({
        displayAddress: MONITOR_REST_ADDRESS,
        onPush: onValue,
        onClose: (error) => {
          markStarted();
          queue.fail(error);
        },
      })
      .then((opened) => {
        connection = opened;
        if (queue.isDone) {
          markStarted();
          opened.close();
          return;
        }
        opened.write(["MONITOR"]);
      })
      .catch((error: unknown) => {
        markStarted();
        queue.fail(error);
      });
    return queue;
  }

  openSession(options: KvSessionOptions): KvSession {
    return new RedisProxySession(this.#pool, {
      ...options,
      ready: () => this.#ready(),
      dialect: this.#dialect,
    });
  }

  /** The emulator does not count a proxied Redis's keys (it would take a DBSIZE round trip). */
  keyCount(): number {
    return 0;
  }

  async close(): Promise<void> {
    this.#pool.close();
  }

  async #ready(): Promise<void> {
    if (this.#startingMonitors.size > 0) {
      await Promise.all([...this.#startingMonitors]);
    }
  }
}

/** The service's reply for a prepared command, asking `connection` for more where it must. */
function finishOn(
  connection: RedisConnection,
  command: PreparedCommand,
  reply: Resp2Value | undefined,
): Promise<Resp2Value> | Resp2Value {
  if (command.finish === undefined) {
    return reply ?? { kind: "null" };
  }
  return command.finish(reply, (commands) => connection.sendAll(commands));
}

/** `[+OK, +QUEUED | -error …, EXEC's reply]` → the transaction's outcome. */
function readTransaction(replies: readonly Resp2Value[], count: number): TransactionResult {
  const multi = replies[0];
  const exec = replies[count + 1];
  if (multi?.kind === "error") {
    return { status: "discarded", error: multi.message };
  }
  if (exec?.kind === "array" && exec.items.length === count) {
    return { status: "executed", replies: exec.items };
  }
  if (exec?.kind === "error") {
    // EXECABORT: report the first command Redis refused to queue, like engine.transaction does.
    const queueError = replies.slice(1, count + 1).find((reply) => reply.kind === "error");
    return {
      status: "discarded",
      error: queueError?.kind === "error" ? queueError.message : exec.message,
    };
  }
  throw new BackendUnavailableError(
    `Redis answered MULTI … EXEC unexpectedly (EXEC replied ${exec?.kind ?? "nothing"})`,
  );
}

/** Redis pushes `[message, channel, payload]` and `[pmessage, pattern, channel, payload]`. */
function toPubSubEvent(value: Resp2Value): PubSubEvent | undefined {
  if (value.kind !== "array") {
    return undefined;
  }
  const parts = value.items.map((item) => (item.kind === "bulk" ? item.value : undefined));
  const [kind, first, second, third] = parts;
  const name = kind === undefined ? "" : Buffer.from(kind).toString("latin1");
  if (name === "message" && first !== undefined && second !== undefined) {
    return { kind: "message", channel: first, message: second };
  }
  if (name === "pmessage" && first !== undefined && second !== undefined && third !== undefined) {
    return { kind: "pmessage", pattern: first, channel: second, message: third };
  }
  return undefined;
}

/** A stream Redis would not start (an ACL denial, say) ends with its error. */
function refused(command: string, value: Resp2Value): BackendUnavailableError {
  const reason = value.kind === "error" ? value.message : `an unexpected ${value.kind} reply`;
  return new BackendUnavailableError(`Redis refused ${command}: ${reason}`);
}

function noop(): void {}
