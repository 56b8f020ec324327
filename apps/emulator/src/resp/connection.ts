/**
 * One RESP2 client connection: reads requests (multibulk or inline) with core's parser, runs them
 * in order through a backend session, and writes the replies. AUTH and QUIT are answered here,
 * and so is RESP2's subscribed mode (other commands refused, PING as `["pong", message]`);
 * everything else is the session's. A protocol error is answered and the connection closed, as
 * Redis does (src/networking.c setProtocolError). A client whose unsent output (the socket's
 * `writableLength`) goes over its `client-output-buffer-limit` class (`pubsub` while subscribed,
 * else `normal`, MONITOR included) is closed (src/networking.c closeClientOnOutputBufferLimitReached).
 */
import type { Socket } from "node:net";
import {
  encodeResp2,
  Resp2RequestError,
  Resp2RequestParser,
  type Resp2Value,
} from "@stratus/core/resp2";
import {
  binaryToUtf8,
  bytesToBinary,
  MAX_BINARY_LENGTH,
  STRING_OVER_ENGINE_LIMIT,
} from "../kv/argv.ts";
import {
  type Argv,
  BackendUnavailableError,
  type KvBackend,
  type KvCaller,
  type KvSession,
} from "../kv/backend.ts";
import { type Command, isWriteCommand, lookupCommand } from "../kv/command-info.ts";
import { DEFAULT_OUTPUT_LIMITS, OutputLimitGuard } from "../kv/output-limit.ts";
import { checkLookedUpCommand } from "../kv/policy.ts";
import type { UsageTotals } from "../metrics/usage.ts";

/**
 * Stands in the queue for a request with an argument longer than the engine's strings can be
 * (MAX_BINARY_LENGTH, just under Redis's 512 MiB `proto-max-bulk-len`): it is answered with an
 * error, and the connection goes on, as for any refused command.
 */
const ARGUMENT_TOO_LONG: Argv = Object.freeze([]);

/** A parsed request's bytes as the backends take them. */
function toArgv(parts: readonly Uint8Array[]): Argv {
  if (parts.some((part) => part.byteLength > MAX_BINARY_LENGTH)) {
    return ARGUMENT_TOO_LONG;
  }
  return parts.map(bytesToBinary);
}

/** Checks `AUTH [username] password`; the caller's grant, or undefined when refused. */
export type RespAuthenticator = (username: string, password: string) => KvCaller | undefined;

export interface ConnectionOptions {
  readonly socket: Socket;
  readonly backend: KvBackend;
  /** When set, clients must AUTH before anything else (`NOAUTH Authentication required.`). */
  readonly authenticate?: RespAuthenticator;
  readonly onError: (error: unknown) => void;
  /** The served database's usage: every command counts as one request (STYLE.md §7.6). */
  readonly usage?: UsageTotals;
}

const OK: Resp2Value = { kind: "simple", value: "OK" };
const NOAUTH: Resp2Value = { kind: "error", message: "NOAUTH Authentication required." };
const WRONGPASS: Resp2Value = {
  kind: "error",
  message: "WRONGPASS invalid username-password pair or user is disabled.",
};
/** Confirmations that count channels and patterns, and those that count shard channels. */
const CHANNEL_CONFIRMATIONS = new Set(["subscribe", "psubscribe", "unsubscribe", "punsubscribe"]);
const SHARD_CONFIRMATIONS = new Set(["ssubscribe", "sunsubscribe"]);

export class RespConnection {
  readonly #socket: Socket;
  readonly #options: ConnectionOptions;
  readonly #parser = new Resp2RequestParser();
  readonly #pending: Argv[] = [];
  #session: KvSession;
  #caller: KvCaller;
  #isAuthenticated: boolean;
  #isRunning = false;
  #isClosed = false;
  /** Set when the parser refused the input: answered after the requests before it, then close. */
  #protocolError: string | undefined;
  #heldPushes: Resp2Value[] | undefined;
  /**
   * Subscribed mode (RESP2): the counts from the last subscription confirmations, read off the
   * wire so that both backends get it. Redis leaves the mode when both are zero.
   */
  #subscriptions = 0;
  #shardSubscriptions = 0;
  readonly #outputLimit: OutputLimitGuard;

  constructor(options: ConnectionOptions) {
    this.#options = options;
    this.#socket = options.socket;
    this.#outputLimit = new OutputLimitGuard({
      source: options.backend.outputLimits ?? DEFAULT_OUTPUT_LIMITS,
      measure: () => ({
        clientClass: this.#isSubscribed() ? "pubsub" : "normal",
        bytes: this.#socket.writableLength,
      }),
      onExceeded: () => this.#closeOverOutputLimit(),
    });
    this.#isAuthenticated = options.authenticate === undefined;
    this.#caller = { isReadOnly: false, address: this.#address() };
    this.#session = this.#openSession(this.#caller);
    this.#socket.on("data", (chunk: Buffer) => this.#onData(chunk));
    this.#socket.on("close", () => this.#close());
    this.#socket.on("error", () => this.#close());
  }

  #address(): string {
    return `${this.#socket.remoteAddress ?? "0.0.0.0"}:${this.#socket.remotePort ?? 0}`;
  }

  #openSession(caller: KvCaller): KvSession {
    return this.#options.backend.openSession({ caller, onPush: (value) => this.#push(value) });
  }

  #onData(chunk: Buffer): void {
    let requests: Uint8Array[][];
    try {
      requests = this.#parser.push(chunk);
    } catch (error: unknown) {
      if (error instanceof Resp2RequestError) {
        // Commands parsed before the bad bytes still run; then the error, then the close.
        this.#socket.pause();
        this.#pending.push(...error.commands.map(toArgv), []);
        this.#protocolError = error.message;
        this.#drain();
        return;
      }
      throw error;
    }
    this.#pending.push(...requests.map(toArgv));
    this.#drain();
  }

  /** Runs queued requests one at a time, in order (a blocked command holds the ones behind it). */
  #drain(): void {
    if (this.#isRunning) {
      return;
    }
    this.#isRunning = true;
    this.#runPending()
      .catch((error: unknown) => {
        this.#options.onError(error);
        this.#socket.destroy();
      })
      .finally(() => {
        this.#isRunning = false;
      });
  }

  async #runPending(): Promise<void> {
    this.#socket.cork();
    try {
      for (let argv = this.#pending.shift(); argv !== undefined; argv = this.#pending.shift()) {
        // Checked first: it is empty too, like the protocol error's place in the queue.
        if (argv === ARGUMENT_TOO_LONG) {
          this.#write({ kind: "error", message: STRING_OVER_ENGINE_LIMIT });
          continue;
        }
        if (argv.length === 0 && this.#protocolError !== undefined) {
          this.#write({ kind: "error", message: `ERR ${this.#protocolError}` });
          this.#socket.end();
          return;
        }
        this.#heldPushes = [];
        const startedAt = performance.now();
        // Looked up once, here: the checks, the session, the engine and the usage counts share it.
        const command = lookupCommand(argv);
        const reply = this.#observeReply(command, await this.#run(argv, command));
        const held = this.#heldPushes;
        this.#heldPushes = undefined;
        if (this.#isClosed) {
          return;
        }
        const bytesOut = this.#write(reply);
        this.#recordUsage(argv, {
          isWrite: isWriteCommand(command),
          latencyMs: performance.now() - startedAt,
          bytesOut,
        });
        for (const value of held) {
          this.#observe(value);
          this.#write(value);
        }
      }
    } finally {
      this.#socket.uncork();
    }
  }

  async #run(argv: Argv, command: Command | undefined): Promise<Resp2Value> {
    const name = command?.name;
    if (name === "QUIT") {
      this.#write(OK);
      this.#socket.end();
      this.#isClosed = true;
      return OK;
    }
    if (name === "AUTH" && this.#options.authenticate !== undefined) {
      return await this.#auth(argv);
    }
    // Commands a client may send before authenticating (src/server.c: CMD_NO_AUTH).
    if (!this.#isAuthenticated && command?.flags.has("no_auth") !== true) {
      return NOAUTH;
    }
    const refusal = checkLookedUpCommand(argv, command, {
      isReadOnly: this.#caller.isReadOnly,
      surface: "resp",
    });
    if (refusal !== undefined) {
      return { kind: "error", message: refusal };
    }
    const subscribedRefusal = this.#subscribedModeRefusal(argv, command);
    if (subscribedRefusal !== undefined) {
      return subscribedRefusal;
    }
    try {
      return await this.#session.execute(argv, command);
    } catch (error: unknown) {
      if (!(error instanceof BackendUnavailableError)) {
        throw error;
      }
      // The proxied Redis went away: say so; the session's upstream state is gone, so close.
      this.#write({ kind: "error", message: `ERR backend unavailable: ${error.message}` });
      this.#socket.end();
      this.#isClosed = true;
      return OK;
    }
  }

  #isSubscribed(): boolean {
    return this.#subscriptions > 0 || this.#shardSubscriptions > 0;
  }

  /**
   * In subscribed mode only the subscription commands, PING, QUIT and RESET run (src/server.c
   * processCommand; the table's `subscription` and `allowed-when-subscribed` traits). Unknown
   * commands, unknown subcommands and wrong arities are left to the backend, which Redis answers
   * first.
   */
  #subscribedModeRefusal(argv: Argv, command: Command | undefined): Resp2Value | undefined {
    if (
      !this.#isSubscribed() ||
      command === undefined ||
      command.subcommands !== undefined ||
      command.traits.has("subscription") ||
      command.traits.has("allowed-when-subscribed")
    ) {
      return undefined;
    }
    const { arity } = command;
    if (arity >= 0 ? argv.length !== arity : argv.length < -arity) {
      return undefined;
    }
    return {
      kind: "error",
      message: `ERR Can't execute '${command.fullName}': only (P|S)SUBSCRIBE / (P|S)UNSUBSCRIBE / PING / QUIT / RESET are allowed in this context`,
    };
  }

  /**
   * Tracks subscribed mode from the reply (and EXEC's replies), and gives PING its subscribed-mode
   * RESP2 form, `["pong", message]` (src/server.c pingCommand).
   */
  #observeReply(command: Command | undefined, reply: Resp2Value): Resp2Value {
    const name = command?.name;
    if (command?.traits.has("subscription") === true) {
      this.#observe(reply);
    } else if (name === "EXEC" && reply.kind === "array") {
      for (const item of reply.items) {
        this.#observe(item);
      }
    } else if (name === "RESET" && reply.kind === "simple") {
      this.#subscriptions = 0;
      this.#shardSubscriptions = 0;
    } else if (name === "PING" && this.#isSubscribed()) {
      const pong: Resp2Value = { kind: "bulk", value: Buffer.from("pong") };
      if (reply.kind === "simple" && reply.value === "PONG") {
        return { kind: "array", items: [pong, { kind: "bulk", value: new Uint8Array() }] };
      }
      if (reply.kind === "bulk") {
        return { kind: "array", items: [pong, reply] };
      }
    }
    return reply;
  }

  /** Reads the count off a subscription confirmation: `[kind, channel, count]`. */
  #observe(value: Resp2Value): void {
    if (value.kind !== "array" || value.items.length !== 3) {
      return;
    }
    const [kind, , count] = value.items;
    if (kind?.kind !== "bulk" || count?.kind !== "integer") {
      return;
    }
    const text = Buffer.from(kind.value).toString("latin1");
    if (CHANNEL_CONFIRMATIONS.has(text)) {
      this.#subscriptions = Number(count.value);
    } else if (SHARD_CONFIRMATIONS.has(text)) {
      this.#shardSubscriptions = Number(count.value);
    }
  }

  async #auth(argv: Argv): Promise<Resp2Value> {
    const text = argv.slice(1).map(binaryToUtf8);
    if (text.length < 1 || text.length > 2) {
      return { kind: "error", message: "ERR wrong number of arguments for 'auth' command" };
    }
    const [username, password] = text.length === 2 ? text : ["default", text[0]];
    const caller = this.#options.authenticate?.(username ?? "", password ?? "");
    if (caller === undefined) {
      return text.length === 2 ? this.#authAsBackendUser(argv) : WRONGPASS;
    }
    this.#isAuthenticated = true;
    // Redis keeps the connection's state (database, name, …) across AUTH; only the grant changes.
    this.#caller = { ...caller, address: this.#address() };
    return OK;
  }

  /**
   * `AUTH username password` that is not one of the connection's own credentials may name an ACL
   * user of the backend (ACL SETUSER): the backend checks it and, on success, runs this
   * connection's commands as that user, enforcing its rules.
   */
  async #authAsBackendUser(argv: Argv): Promise<Resp2Value> {
    const reply = await this.#session.execute(argv);
    if (reply.kind !== "simple") {
      return WRONGPASS;
    }
    this.#isAuthenticated = true;
    this.#caller = { isReadOnly: false, address: this.#address() };
    return OK;
  }

  /**
   * Pushed replies (pub/sub messages, extra subscribe confirmations) that arrive while a command
   * runs go on the wire after that command's reply, as Redis writes them.
   */
  #push(value: Resp2Value): void {
    if (this.#heldPushes === undefined) {
      this.#observe(value);
      this.#write(value);
    } else {
      this.#heldPushes.push(value);
    }
  }

  /** Writes one reply; returns its size in bytes (0 when the socket is gone). */
  #write(value: Resp2Value): number {
    if (this.#isClosed || this.#socket.destroyed || this.#outputLimit.isExceeded) {
      return 0;
    }
    const bytes = encodeResp2(value);
    this.#socket.write(bytes);
    this.#outputLimit.check();
    return bytes.byteLength;
  }

  /**
   * Nothing more is written; the socket and the session (its subscriptions) go in a microtask:
   * Redis too frees such a client asynchronously (freeClientAsync), after the command that wrote
   * to it (a PUBLISH still delivering to other subscribers) has run to its end.
   */
  #closeOverOutputLimit(): void {
    this.#options.usage?.recordOutputLimitDisconnection();
    queueMicrotask(() => {
      this.#socket.destroy();
      this.#close();
    });
  }

  #recordUsage(
    argv: Argv,
    { isWrite, latencyMs, bytesOut }: { isWrite: boolean; latencyMs: number; bytesOut: number },
  ): void {
    const { usage } = this.#options;
    if (usage === undefined) {
      return;
    }
    let bytesIn = 0;
    for (const arg of argv) {
      bytesIn += arg.length;
    }
    usage.recordCommands(1, isWrite ? 1 : 0);
    usage.recordRequest({ latencyMs, bytesIn, bytesOut });
  }

  #close(): void {
    if (this.#isClosed) {
      return;
    }
    this.#isClosed = true;
    this.#outputLimit.dispose();
    this.#session.close();
  }
}
