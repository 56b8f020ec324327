/**
 * A RESP client's session on the proxied Redis: its own upstream connection, so SELECT, WATCH,
 * MULTI/EXEC, blocking commands, SUBSCRIBE and MONITOR keep the real Redis's meaning.
 *
 * The connection hands every value to the session, which tells replies from pushes itself: in
 * pub/sub mode `message` arrays (and confirmations beyond a command's first) are pushes, in MONITOR
 * mode the command lines are. Output keeps wire order: the RESP listener writes a reply when the
 * `execute` promise resolves (a few microtasks later) but writes pushes as `onPush` is called, so
 * after each reply anything behind it waits for `setImmediate`, when the reply has been written.
 *
 * The session times its own replies (the connection cannot tell them from pushes): a reply later
 * than the command timeout, plus a blocking command's own timeout, destroys the connection, so the
 * client gets `ERR backend unavailable` and reconnects (command-timeout.ts).
 */
import type { Resp2Value } from "@stratus/core/resp2";
import { replaceMonitorAddress } from "@stratus/core/rest";
import { asciiUpper } from "../argv.ts";
import {
  type Argv,
  BackendUnavailableError,
  type KvSession,
  type KvSessionOptions,
} from "../backend.ts";
import { blockingAllowanceMs, ReplyTimer } from "./command-timeout.ts";
import { commandTimeoutReason, handshakeCommands, type RedisConnection } from "./connection.ts";
import type { RedisPool } from "./pool.ts";
import type { ServiceDialect } from "./service-dialect.ts";
import { embeddedOnlyRefusal } from "./stateless-guard.ts";

export interface RedisProxySessionOptions extends KvSessionOptions {
  /** Resolves when MONITOR streams being started are live (see `RedisProxyBackend.monitor`). */
  readonly ready: () => Promise<void>;
  /** The backend's service behaviours (service-dialect.ts). */
  readonly dialect: ServiceDialect;
}

interface Waiting {
  /** The command name in upper case; `""` for the proxy's own commands after RESET. */
  readonly name: string;
  readonly isInternal: boolean;
  /** How long the command may block on purpose, on top of the command timeout. */
  readonly blockMs: number;
  readonly resolve: (value: Resp2Value) => void;
  readonly reject: (error: unknown) => void;
}

type Output =
  | { readonly kind: "push"; readonly value: Resp2Value }
  | { readonly kind: "reply"; readonly deliver: () => void };

/** Commands whose reply is one confirmation array per channel or pattern. */
const CONFIRMATIONS = new Set([
  "SUBSCRIBE",
  "PSUBSCRIBE",
  "SSUBSCRIBE",
  "UNSUBSCRIBE",
  "PUNSUBSCRIBE",
  "SUNSUBSCRIBE",
]);
/** Pushed messages and how many items each has. */
const MESSAGES: ReadonlyMap<string, number> = new Map([
  ["message", 3],
  ["pmessage", 4],
  ["smessage", 3],
]);
const MONITOR_LINE = /^\d+\.\d{6} \[\d+ /;
/** Redis's text (src/networking.c helloCommand). */
const NOPROTO = "NOPROTO unsupported protocol version";

export class RedisProxySession implements KvSession {
  readonly #pool: RedisPool;
  readonly #options: RedisProxySessionOptions;
  readonly #waiting: Waiting[] = [];
  readonly #output: Output[] = [];
  #connection: RedisConnection | undefined;
  #opening: Promise<RedisConnection> | undefined;
  /** Set when an established connection was lost: the session's state went with it. */
  #lostError: BackendUnavailableError | undefined;
  #isClosed = false;
  #isPaused = false;
  #channelCount = 0;
  #shardChannelCount = 0;
  #isMonitoring = false;
  /** Undefined when the command timeout is off. */
  readonly #replyTimer: ReplyTimer | undefined;

  constructor(pool: RedisPool, options: RedisProxySessionOptions) {
    this.#pool = pool;
    this.#options = options;
    this.#replyTimer =
      pool.commandTimeoutMs > 0
        ? new ReplyTimer({
            timeoutMs: pool.commandTimeoutMs,
            onTimeout: (allowanceMs) =>
              this.#connection?.abandon(commandTimeoutReason(allowanceMs)),
          })
        : undefined;
  }

  /**
   * Runs a command on the session's connection (opened on first use).
   * @throws {BackendUnavailableError} when Redis is unreachable, or once the connection was lost
   * (the client should reconnect, as it would after Redis dropped it).
   */
  async execute(argv: Argv): Promise<Resp2Value> {
    const prepared = this.#options.dialect.prepare(argv);
    if (prepared.finish === undefined) {
      return this.#send(prepared.argv ?? argv);
    }
    // A command the proxy answers itself still sends a PING, which tells whether the client is
    // inside MULTI: there the reply is QUEUED, passed on as is (EXEC then shows PONG in its place).
    const reply = await this.#send(prepared.argv ?? ["PING"]);
    if (reply.kind === "simple" && reply.value === "QUEUED") {
      return reply;
    }
    return prepared.finish(prepared.argv === undefined ? undefined : reply, (commands) =>
      Promise.all(commands.map((command) => this.#send(command))),
    );
  }

  async #send(argv: Argv): Promise<Resp2Value> {
    const name = asciiUpper(argv[0] ?? "");
    const refusal = sessionRefusal(name, argv);
    if (refusal !== undefined) {
      return { kind: "error", message: refusal };
    }
    await this.#options.ready();
    const connection = await this.#connect();
    return new Promise((resolve, reject) => {
      if (this.#lostError !== undefined) {
        reject(this.#lostError);
        return;
      }
      const blockMs = blockingAllowanceMs(argv);
      if (this.#waiting.push({ name, isInternal: false, blockMs, resolve, reject }) === 1) {
        this.#replyTimer?.expect(blockMs);
      }
      connection.write(argv);
      if (name === "RESET") {
        // RESET logs the connection out and selects db 0: restore the URL's AUTH and SELECT.
        for (const command of handshakeCommands(connection.target)) {
          this.#waiting.push({
            name: "",
            isInternal: true,
            blockMs: 0,
            resolve: noop,
            reject: noop,
          });
          connection.write(command);
        }
      }
    });
  }

  /** Tokens act as the proxied Redis's own user (the URL's): nothing to change. */
  actAs(_username: string): void {}

  /**
   * Closes the upstream connection, which ends its subscriptions, MONITOR and blocked command on
   * Redis. Pending commands are dropped unanswered, as the memory backend drops a closed session's
   * blocked command: the client has gone.
   */
  close(): void {
    this.#isClosed = true;
    this.#waiting.length = 0;
    this.#output.length = 0;
    this.#replyTimer?.stop();
    this.#connection?.close();
  }

  #connect(): Promise<RedisConnection> {
    if (this.#lostError !== undefined) {
      return Promise.reject(this.#lostError);
    }
    if (this.#isClosed) {
      return Promise.reject(new BackendUnavailableError("the session is closed"));
    }
    if (this.#connection !== undefined) {
      return Promise.resolve(this.#connection);
    }
    this.#opening ??= this.#pool
      .open({
        displayAddress: this.#options.caller.address,
        onPush: (value) => this.#onValue(value),
        onClose: (error) => this.#onClose(error),
      })
      .then((connection) => {
        if (this.#isClosed) {
          connection.close();
          throw new BackendUnavailableError("the session is closed");
        }
        this.#connection = connection;
        return connection;
      })
      .finally(() => {
        this.#opening = undefined;
      });
    return this.#opening;
  }

  #onClose(error: BackendUnavailableError): void {
    this.#replyTimer?.stop();
    if (this.#connection === undefined || this.#isClosed) {
      return;
    }
    this.#lostError = new BackendUnavailableError(
      `${error.message}; the session's state (database, transaction, subscriptions) is lost, reconnect`,
      { cause: error },
    );
    for (const waiting of this.#waiting.splice(0)) {
      waiting.reject(this.#lostError);
    }
  }

  #onValue(value: Resp2Value): void {
    const head = this.#waiting[0];
    if (head?.isInternal === true) {
      this.#shiftWaiting();
      if (value.kind === "error") {
        // The URL's credentials no longer work: the session cannot be restored.
        this.#connection?.close();
      }
      return;
    }
    if (this.#isPush(value, head) || head === undefined) {
      this.#emit({ kind: "push", value: this.#showClients(value) });
      return;
    }
    this.#shiftWaiting();
    if (head.name === "MONITOR" && value.kind === "simple") {
      this.#isMonitoring = true;
    } else if (head.name === "RESET" && value.kind === "simple") {
      this.#isMonitoring = false;
      this.#channelCount = 0;
      this.#shardChannelCount = 0;
    }
    this.#emit({ kind: "reply", deliver: () => head.resolve(value) });
  }

  /** A reply arrived: the next command in line, if any, starts its wait for a reply now. */
  #shiftWaiting(): void {
    this.#waiting.shift();
    const next = this.#waiting[0];
    if (next === undefined) {
      this.#replyTimer?.settle();
    } else {
      this.#replyTimer?.expect(next.blockMs);
    }
  }

  #isPush(value: Resp2Value, head: Waiting | undefined): boolean {
    if (value.kind === "simple") {
      return this.#isMonitoring && MONITOR_LINE.test(value.value);
    }
    if (value.kind !== "array") {
      return false;
    }
    const kind = bulkText(value.items[0]);
    const isSubscribed = this.#channelCount + this.#shardChannelCount > 0;
    if (kind === undefined) {
      return false;
    }
    if (isSubscribed && MESSAGES.get(kind) === value.items.length) {
      return true;
    }
    const confirmation = kind.toUpperCase();
    const count = value.items[2];
    if (
      value.items.length !== 3 ||
      count?.kind !== "integer" ||
      !CONFIRMATIONS.has(confirmation) ||
      !(isSubscribed || (head !== undefined && CONFIRMATIONS.has(head.name)))
    ) {
      return false;
    }
    if (confirmation.startsWith("S")) {
      this.#shardChannelCount = Number(count.value);
    } else {
      this.#channelCount = Number(count.value);
    }
    // The first confirmation answers the command; the others (one per further channel) follow it
    // as pushes. The bytes reach the client in wire order either way.
    return head === undefined || !CONFIRMATIONS.has(head.name);
  }

  /** MONITOR lines show the proxy's own sockets as the clients they serve. */
  #showClients(value: Resp2Value): Resp2Value {
    if (!this.#isMonitoring || value.kind !== "simple") {
      return value;
    }
    const text = replaceMonitorAddress(value.value, (address) =>
      this.#pool.displayAddress(address),
    );
    return text === value.value ? value : { kind: "simple", value: text };
  }

  #emit(item: Output): void {
    this.#output.push(item);
    if (!this.#isPaused) {
      this.#pump();
    }
  }

  #pump(): void {
    for (let item = this.#output.shift(); item !== undefined; item = this.#output.shift()) {
      if (item.kind === "push") {
        this.#options.onPush(item.value);
        continue;
      }
      item.deliver();
      // The listener writes this reply in a later microtask; whatever follows it waits until then.
      this.#isPaused = true;
      setImmediate(() => {
        this.#isPaused = false;
        this.#pump();
      });
      return;
    }
  }
}

/** Refusals that keep the session's connection speaking RESP2 with one reply per command. */
function sessionRefusal(name: string, argv: Argv): string | undefined {
  const embeddedOnly = embeddedOnlyRefusal(name);
  if (embeddedOnly !== undefined) {
    return embeddedOnly;
  }
  if (name === "HELLO" && asciiUpper(argv[1] ?? "") === "3") {
    // The proxy decodes RESP2 only; HELLO 3 would switch the upstream connection to RESP3.
    return NOPROTO;
  }
  if (name === "CLIENT" && asciiUpper(argv[1] ?? "") === "REPLY") {
    // Emulator difference: with replies switched off, replies can no longer be matched to commands.
    return "ERR CLIENT REPLY is not supported by the emulator's Redis proxy";
  }
  return undefined;
}

function bulkText(value: Resp2Value | undefined): string | undefined {
  return value?.kind === "bulk" ? Buffer.from(value.value).toString("latin1") : undefined;
}

function noop(): void {}
