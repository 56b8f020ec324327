/**
 * One RESP2 client connection: reads requests (multibulk or inline) with core's parser, runs them
 * in order through a backend session, and writes the replies. AUTH and QUIT are answered here,
 * and so is RESP2's subscribed mode (other commands refused, PING as `["pong", message]`);
 * everything else is the session's. A protocol error is answered and the connection closed, as
 * Redis does (src/networking.c setProtocolError). A client whose unsent output (the socket's
 * `writableLength` and the replies of the batch being run) goes over its `client-output-buffer-limit` class (`pubsub` while subscribed,
 * else `normal`, MONITOR included) is closed (src/networking.c closeClientOnOutputBufferLimitReached).
 */
import type { Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import {
  encodeResp2,
  Resp2RequestError,
  Resp2RequestParser,
  type Resp2Value,
} from "@stratus/core/resp2";
import { encodeResp3, type Resp3Value } from "@stratus/core/resp3";
import type { FaultInjector } from "../faults/injector.ts";
import {
  asciiUpper,
  binaryToUtf8,
  bytesToBinary,
  MAX_BINARY_LENGTH,
  STRING_OVER_ENGINE_LIMIT,
  utf8ToBinary,
} from "../kv/argv.ts";
import {
  type Argv,
  BackendUnavailableError,
  type EngineReply,
  type KvBackend,
  type KvCaller,
  type KvSession,
} from "../kv/backend.ts";
import { type Command, isWriteCommand, lookupCommand, lookupError } from "../kv/command-info.ts";
import { DEFAULT_OUTPUT_LIMITS, OutputLimitGuard } from "../kv/output-limit.ts";
import { checkLookedUpCommand, type PolicyCaller } from "../kv/policy.ts";
import type { UsageTotals } from "../metrics/usage.ts";
import { type RespFault, respFault } from "./faults.ts";
import { ReplyBatch } from "./reply-batch.ts";
import { plainResp3, pushResp3, toResp3 } from "./resp3-reply.ts";
import { UsageRun } from "./usage-run.ts";
import { readWholeRequests } from "./whole-requests.ts";

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

/** What AUTH (or HELLO … AUTH) grants: the database whose token it was, and how to run there. */
export interface RespGrant {
  /** The database's backend; the connection's session moves to it. */
  readonly backend: KvBackend;
  /** The Read Only token: refused what REST refuses it, with the same text. */
  readonly isReadOnly: boolean;
  /** The ACL user the session acts as (`default`, `default_ro`, an ACL user). */
  readonly username: string;
  /** The database's usage, for the management stats. */
  readonly usage?: UsageTotals;
  /** The database's name, for fault rules scoped to it. */
  readonly database: string;
}

/** Checks `AUTH [username] password`; the grant, or undefined when refused. */
export type RespAuthenticator = (username: string, password: string) => RespGrant | undefined;

export interface ConnectionOptions {
  readonly socket: Socket;
  /**
   * The database served without AUTH (no `authenticate`); with one, the backend whose own users
   * `AUTH user password` may name when no token matches, if it keeps them (a proxied Redis).
   */
  readonly backend: KvBackend;
  /** When set, clients must AUTH before anything else (`NOAUTH Authentication required.`). */
  readonly authenticate?: RespAuthenticator;
  readonly onError: (error: unknown) => void;
  /** The open port's usage: every command counts as one request (STYLE.md §7.6). */
  readonly usage?: UsageTotals;
  /** The name of the database served without AUTH. */
  readonly database?: string;
  /** Fault rules for commands on this port (`resp/faults.ts`). */
  readonly faults?: FaultInjector;
}

/** A bulk reply this long is written as its header, its bytes and CRLF, not copied by encoding. */
const LARGE_BULK_BYTES = 4096;
const CRLF = Buffer.from("\r\n", "latin1");
const OK: Resp2Value = { kind: "simple", value: "OK" };
const NOAUTH: Resp2Value = { kind: "error", message: "NOAUTH Authentication required." };
const WRONGPASS: Resp2Value = {
  kind: "error",
  message: "WRONGPASS invalid username-password pair or user is disabled.",
};
const RESET: Resp2Value = { kind: "simple", value: "RESET" };
/** src/networking.c helloCommand's texts, in the order it checks. */
const HELLO_ERRORS = {
  notInteger: "ERR Protocol version is not an integer or out of range",
  noProto: "NOPROTO unsupported protocol version",
  syntax: (option: string): string => `ERR Syntax error in HELLO option '${option}'`,
  noAuth:
    "NOAUTH HELLO must be called with the client already authenticated, otherwise the HELLO <proto> AUTH <user> <pass> option can be used to authenticate the client and select the RESP protocol version at the same time",
} as const;
/** Confirmations that count channels and patterns, and those that count shard channels. */
const CHANNEL_CONFIRMATIONS = new Set(["subscribe", "psubscribe", "unsubscribe", "punsubscribe"]);
const SHARD_CONFIRMATIONS = new Set(["ssubscribe", "sunsubscribe"]);

/**
 * The embedded engine's reply to a command whose reply the connection need not read or reshape
 * (`#passesThrough`): encoded straight into the reply batch.
 */
class PassedThrough {
  readonly reply: EngineReply;
  constructor(reply: EngineReply) {
    this.reply = reply;
  }
}

/** What a command answers: a reply the connection reads, or one it only writes. */
type Answer = Resp2Value | PassedThrough;

/** The policy's view of a RESP caller, one object each (built once, not per request). */
const READ_WRITE_CALLER: PolicyCaller = { isReadOnly: false, surface: "resp" };
const READ_ONLY_CALLER: PolicyCaller = { isReadOnly: true, surface: "resp" };

/** No push held yet: shared, never written to, so a command that pushes nothing allocates nothing. */
const NONE_HELD: Resp2Value[] = [];

/** A request whose reply is being computed: what writing it and counting it need. */
interface RunningRequest {
  readonly argv: Argv;
  readonly command: Command | undefined;
  /** The database the command ran on: AUTH counts in the one it left, if any. */
  readonly usage: UsageTotals | undefined;
}

export class RespConnection {
  readonly #socket: Socket;
  /** The replies of the requests being run, written to the socket at once when they are done. */
  readonly #replies: ReplyBatch;
  readonly #options: ConnectionOptions;
  readonly #parser = new Resp2RequestParser();
  readonly #pending: Argv[] = [];
  /** The peer's `ip:port`: read once (each read of the socket's address is a system call). */
  #peer: string | undefined;
  /** Opened at once on an open port, else by the first successful AUTH (its token's database). */
  #session: KvSession | undefined;
  #sessionBackend: KvBackend | undefined;
  #usage: UsageTotals | undefined;
  /** The usage of the requests answered since the run last waited (`usage-run.ts`). */
  readonly #usageRun = new UsageRun();
  #caller: KvCaller;
  #isAuthenticated: boolean;
  #isRunning = false;
  #isClosed = false;
  /** True while this connection's own command runs its synchronous part (it may kill itself). */
  #isInOwnCommand = false;
  /** CLIENT KILL named this connection while its own command ran: close after the reply. */
  #isKilledAfterReply = false;
  /** Set when the parser refused the input: answered after the requests before it, then close. */
  #protocolError: string | undefined;
  /** While a command runs, the pushes it made (NONE_HELD until the first); else undefined. */
  #heldPushes: Resp2Value[] | undefined;
  /**
   * Subscribed mode (RESP2): the counts from the last subscription confirmations, read off the
   * wire so that both backends get it. Redis leaves the mode when both are zero.
   */
  #subscriptions = 0;
  #shardSubscriptions = 0;
  readonly #outputLimit: OutputLimitGuard;
  /** The protocol HELLO chose: 2 until `HELLO 3`, back to 2 on RESET. */
  #protocol: 2 | 3 = 2;
  /**
   * Under RESP3, the commands MULTI queued, so EXEC's replies get each its command's RESP3 shape;
   * undefined outside MULTI.
   */
  #queued: { command: Command | undefined; argv: Argv }[] | undefined;

  /** The database the connection runs on, for fault rules scoped to one. */
  #database: string | undefined;
  /** CLIENT REPLY: OFF drops every reply, SKIP the next command's (pushes still go out). */
  #replyMode = { isOff: false, skipsThis: false, skipsNext: false };

  constructor(options: ConnectionOptions) {
    this.#options = options;
    this.#socket = options.socket;
    this.#replies = new ReplyBatch(options.socket);
    this.#outputLimit = new OutputLimitGuard({
      source: options.backend.outputLimits ?? DEFAULT_OUTPUT_LIMITS,
      measure: () => ({
        clientClass: this.#isSubscribed() ? "pubsub" : "normal",
        bytes: this.#socket.writableLength + this.#replies.pendingBytes,
      }),
      onExceeded: () => this.#closeOverOutputLimit(),
    });
    this.#isAuthenticated = options.authenticate === undefined;
    this.#caller = this.#callerAs({ isReadOnly: false });
    // Commands count in the usage of the database they ran on, none before AUTH picks it.
    this.#database = options.database;
    this.#usage = this.#isAuthenticated ? options.usage : undefined;
    if (this.#isAuthenticated) {
      this.#session = this.#openSession(options.backend);
    }
    this.#socket.on("data", (chunk: Buffer) => this.#onData(chunk));
    this.#socket.on("close", () => {
      this.#close();
      // Every write is done or cancelled by now: the reply buffers serve other connections.
      this.#replies.release();
    });
    this.#socket.on("error", () => this.#close());
  }

  #address(): string {
    this.#peer ??= `${this.#socket.remoteAddress ?? "0.0.0.0"}:${this.#socket.remotePort ?? 0}`;
    return this.#peer;
  }

  #callerAs({ isReadOnly }: { isReadOnly: boolean }): KvCaller {
    const local = `${this.#socket.localAddress ?? "0.0.0.0"}:${this.#socket.localPort ?? 0}`;
    return { isReadOnly, address: this.#address(), localAddress: local };
  }

  /** The session on `backend`: the current one, or a new one in its place (another database). */
  #openSession(backend: KvBackend): KvSession {
    if (this.#session !== undefined && this.#sessionBackend === backend) {
      return this.#session;
    }
    this.#session?.close();
    this.#sessionBackend = backend;
    this.#session = backend.openSession({
      caller: this.#caller,
      onPush: (value) => this.#push(value),
      onKill: () => this.#onKilled(),
    });
    return this.#session;
  }

  #onData(chunk: Buffer): void {
    // Whole requests of the usual shape first, straight into strings; the parser takes the rest.
    const offset = this.#parser.isAtRequestStart ? readWholeRequests(chunk, this.#pending) : 0;
    if (offset === chunk.length) {
      this.#drain();
      return;
    }
    let requests: Uint8Array[][];
    try {
      requests = this.#parser.push(offset === 0 ? chunk : chunk.subarray(offset));
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

  /**
   * Runs queued requests one at a time, in order (a blocked command holds the ones behind it).
   * Synchronous while the commands answer at once, so a request costs no promise; a command that
   * waits (a blocking one, an fsync, a proxied Redis) continues the run when it answers.
   */
  #drain(): void {
    if (this.#isRunning) {
      return;
    }
    this.#isRunning = true;
    this.#replies.open();
    let waiting: Promise<void> | undefined;
    try {
      waiting = this.#runPending();
    } catch (error: unknown) {
      this.#failRun(error);
      return;
    }
    if (waiting === undefined) {
      this.#endRun();
    } else {
      waiting.then(
        () => this.#endRun(),
        (error: unknown) => this.#failRun(error),
      );
    }
  }

  /** The run is over: its replies leave. */
  #endRun(): void {
    this.#usageRun.end();
    this.#replies.close();
    this.#isRunning = false;
  }

  /** A bug broke the run: reported, and the connection dropped. */
  #failRun(error: unknown): void {
    this.#endRun();
    this.#options.onError(error);
    this.#socket.destroy();
  }

  /** Runs the queue; undefined when it is done, or a promise when a command has yet to answer. */
  #runPending(): Promise<void> | undefined {
    for (let argv = this.#pending.shift(); argv !== undefined; argv = this.#pending.shift()) {
      // Checked first: it is empty too, like the protocol error's place in the queue.
      if (argv === ARGUMENT_TOO_LONG) {
        this.#write({ kind: "error", message: STRING_OVER_ENGINE_LIMIT });
        continue;
      }
      if (argv.length === 0 && this.#protocolError !== undefined) {
        this.#write({ kind: "error", message: `ERR ${this.#protocolError}` });
        this.#end();
        this.#close();
        return undefined;
      }
      this.#heldPushes = NONE_HELD;
      this.#usageRun.begin();
      // Looked up once, here: the checks, the session, the engine and the usage counts share it.
      const command = lookupCommand(argv);
      // The database the command ran on: AUTH counts in the one it left, if any.
      const usage = this.#usage;
      if (command?.flags.has("blocking") === true) {
        // It may wait: the replies before it leave now, as Redis writes them (not held behind it).
        this.#replies.flush();
      }
      this.#isInOwnCommand = true;
      const running = this.#run(argv, command);
      this.#isInOwnCommand = false;
      const request: RunningRequest = { argv, command, usage };
      if (running instanceof Promise) {
        // The requests before it are done; it is timed on its own, from now to its answer.
        this.#usageRun.end();
        this.#usageRun.begin();
        const blocked =
          command?.flags.has("blocking") === true
            ? setImmediate(() => this.#whileBlocked())
            : undefined;
        return running.then((reply) => {
          if (blocked !== undefined) {
            clearImmediate(blocked);
            this.#replies.open();
          }
          const isAnswered = this.#answer(request, reply);
          this.#usageRun.end();
          return isAnswered ? this.#runPending() : undefined;
        });
      }
      if (!this.#answer(request, running)) {
        return undefined;
      }
    }
    return undefined;
  }

  /** Writes a command's reply and the pushes held behind it; false when the run must stop. */
  #answer(request: RunningRequest, result: Answer): boolean {
    const { argv, command, usage } = request;
    const reply = result instanceof PassedThrough ? result : this.#observeReply(command, result);
    const held = this.#heldPushes ?? [];
    this.#heldPushes = undefined;
    if (this.#isClosed) {
      return false;
    }
    const bytesOut = this.#isReplySuppressed() ? 0 : this.#writeReply(reply, command, argv);
    this.#usageRun.tally(usage, isWriteCommand(command))?.add(argvBytes(argv), bytesOut);
    for (const value of held) {
      this.#observe(value);
      this.#writePush(value);
    }
    if (this.#isKilledAfterReply) {
      this.#end();
      this.#close();
      return false;
    }
    return true;
  }

  /** The reply at once when the session has it (no promise per pipelined command), else a promise. */
  #run(argv: Argv, command: Command | undefined): Answer | Promise<Answer> {
    const name = command?.name;
    if (name === "QUIT") {
      this.#write(OK);
      this.#end();
      this.#close();
      return OK;
    }
    if (name === "HELLO") {
      return this.#hello(argv, command);
    }
    if (this.#options.authenticate !== undefined) {
      // AUTH, HELLO and RESET: the commands a client may send before authenticating (src/server.c
      // CMD_NO_AUTH), answered here, where the tokens are.
      if (name === "AUTH") {
        return this.#auth(argv);
      }
      if (name === "RESET") {
        return this.#reset(argv, command);
      }
    }
    const session = this.#session;
    if (!this.#isAuthenticated || session === undefined) {
      // Redis looks the command up and checks its arity first (src/server.c processCommand).
      const error = lookupError(command, argv);
      return error === undefined ? NOAUTH : { kind: "error", message: error };
    }
    const refusal = checkLookedUpCommand(
      argv,
      command,
      this.#caller.isReadOnly ? READ_ONLY_CALLER : READ_WRITE_CALLER,
    );
    if (refusal !== undefined) {
      return { kind: "error", message: refusal };
    }
    const subscribedRefusal = this.#subscribedModeRefusal(argv, command);
    if (subscribedRefusal !== undefined) {
      return subscribedRefusal;
    }
    if (name === "CLIENT|REPLY" && this.#setReplyMode(argv)) {
      return OK;
    }
    const faults = this.#options.faults;
    const fault =
      faults === undefined
        ? undefined
        : respFault(faults, {
            database: this.#database,
            command: asciiUpper(argv[0] ?? ""),
            address: this.#address(),
          });
    if (fault !== undefined) {
      return this.#injectFault(fault, () => this.#execute(session, argv, command));
    }
    return this.#execute(session, argv, command);
  }

  /** Runs the command on the session; a proxied Redis that went away answers its error. */
  #execute(session: KvSession, argv: Argv, command: Command | undefined): Answer | Promise<Answer> {
    if (session.executeReply !== undefined && this.#passesThrough(command)) {
      const reply = session.executeReply(argv, command);
      return reply instanceof Promise
        ? reply.then((value) => new PassedThrough(value))
        : new PassedThrough(reply);
    }
    try {
      const reply = session.execute(argv, command);
      return reply instanceof Promise
        ? reply.catch((error: unknown) => this.#unavailable(error))
        : reply;
    } catch (error: unknown) {
      return this.#unavailable(error);
    }
  }

  /**
   * Whether the command's reply goes to the wire as the engine gave it: unless the connection reads
   * it (#observeReply) or, under RESP3, gives it a shape of its own or tracks MULTI's queue with it
   * (#toResp3).
   */
  #passesThrough(command: Command | undefined): boolean {
    if (command === undefined) {
      return this.#protocol === 2;
    }
    const name = command.name;
    if (
      this.#protocol === 3 &&
      (command.resp3 !== undefined ||
        this.#queued !== undefined ||
        name === "MULTI" ||
        name === "DISCARD")
    ) {
      return false;
    }
    return !(
      command.traits.has("subscription") ||
      name === "EXEC" ||
      name === "RESET" ||
      (name === "PING" && this.#isInSubscribedMode())
    );
  }

  /**
   * CLIENT REPLY ON|OFF|SKIP (src/networking.c clientCommand): answered here, in front of either
   * backend (a proxied Redis that stopped replying would leave its session waiting). OFF and SKIP
   * answer nothing themselves. False for another mode, which the backend refuses with Redis's
   * syntax error.
   */
  #setReplyMode(argv: Argv): boolean {
    const mode = argv.length === 3 ? asciiUpper(argv[2] ?? "") : "";
    if (mode === "ON") {
      this.#replyMode = { isOff: false, skipsThis: false, skipsNext: false };
    } else if (mode === "OFF") {
      this.#replyMode = { ...this.#replyMode, isOff: true, skipsThis: true };
    } else if (mode === "SKIP") {
      this.#replyMode = { ...this.#replyMode, skipsThis: true, skipsNext: !this.#replyMode.isOff };
    } else {
      return false;
    }
    return true;
  }

  /**
   * Whether this command's reply is dropped; then, as Redis's `resetClient`, a SKIP given by this
   * command applies to the next one.
   */
  #isReplySuppressed(): boolean {
    const { isOff, skipsThis, skipsNext } = this.#replyMode;
    if (!(isOff || skipsThis || skipsNext)) {
      return false;
    }
    this.#replyMode = { isOff, skipsThis: skipsNext, skipsNext: false };
    return isOff || skipsThis;
  }

  /** What a fault rule asks: latency, then the command, an error, a reset or an outage. */
  async #injectFault(fault: RespFault, run: () => Answer | Promise<Answer>): Promise<Answer> {
    fault.report();
    if (fault.latencyMs > 0) {
      await sleep(fault.latencyMs);
    }
    const { outcome } = fault;
    switch (outcome.kind) {
      case "run":
        return await run();
      case "error":
        return { kind: "error", message: outcome.message };
      case "reset":
        this.#socket.destroy();
        this.#close();
        return OK;
      case "outage":
        // What a real outage does (#unavailable): the error, then the connection closes.
        this.#write({ kind: "error", message: outcome.message });
        this.#end();
        this.#close();
        return OK;
      default:
        return outcome satisfies never;
    }
  }

  /** The proxied Redis went away: say so; the session's upstream state is gone, so close. */
  #unavailable(error: unknown): Resp2Value {
    if (!(error instanceof BackendUnavailableError)) {
      throw error;
    }
    this.#write({ kind: "error", message: `ERR backend unavailable: ${error.message}` });
    this.#end();
    this.#close();
    return OK;
  }

  #isSubscribed(): boolean {
    return this.#subscriptions > 0 || this.#shardSubscriptions > 0;
  }

  /** RESP2's subscribed mode: RESP3 clients may run any command while subscribed. */
  #isInSubscribedMode(): boolean {
    return this.#protocol === 2 && this.#isSubscribed();
  }

  /**
   * In subscribed mode only the subscription commands, PING, QUIT and RESET run (src/server.c
   * processCommand; the table's `subscription` and `allowed-when-subscribed` traits). Unknown
   * commands, unknown subcommands and wrong arities are left to the backend, which Redis answers
   * first.
   */
  #subscribedModeRefusal(argv: Argv, command: Command | undefined): Resp2Value | undefined {
    if (
      !this.#isInSubscribedMode() ||
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
      this.#protocol = 2;
      this.#queued = undefined;
      this.#replyMode = { isOff: false, skipsThis: false, skipsNext: false };
    } else if (name === "PING" && this.#isInSubscribedMode()) {
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
      return {
        kind: "error",
        message:
          text.length < 1 ? "ERR wrong number of arguments for 'auth' command" : "ERR syntax error",
      };
    }
    const [username, password] = text.length === 2 ? text : ["default", text[0]];
    return (await this.#signIn(username ?? "", password ?? "")) ? OK : WRONGPASS;
  }

  /**
   * Checks the credentials and, when they are good, moves the connection to their database
   * (keeping its session when it is the same one) acting as their user.
   */
  async #signIn(username: string, password: string): Promise<boolean> {
    const grant = this.#options.authenticate?.(username, password);
    if (grant !== undefined) {
      this.#caller = this.#callerAs({ isReadOnly: grant.isReadOnly });
      this.#usage = grant.usage;
      this.#database = grant.database;
      this.#openSession(grant.backend).actAs(grant.username);
      this.#isAuthenticated = true;
      return true;
    }
    return username !== "default" && (await this.#signInAsBackendUser(username, password));
  }

  /**
   * `AUTH username password` that is no token may name a user of a proxied Redis (whose ACL users
   * the emulator cannot see): the Redis checks it and, on success, enforces its rules.
   */
  async #signInAsBackendUser(username: string, password: string): Promise<boolean> {
    const { backend } = this.#options;
    if (backend.aclUsers !== undefined) {
      return false;
    }
    const session = this.#openSession(backend);
    const reply = await session.execute(["AUTH", username, password].map(utf8ToBinary));
    if (reply.kind !== "simple") {
      return false;
    }
    this.#caller = this.#callerAs({ isReadOnly: false });
    this.#isAuthenticated = true;
    return true;
  }

  /**
   * HELLO [protover [AUTH username password] [SETNAME name]]: checked in Redis's order (the
   * version, the options, the credentials, then NOAUTH), the credentials being a token; the rest
   * runs on the session without them.
   */
  async #hello(argv: Argv, command: Command | undefined): Promise<Resp2Value> {
    const forwarded: string[] = argv.slice(0, 2);
    let credentials: [string, string] | undefined;
    let protocol = this.#protocol;
    if (argv.length > 1) {
      const version = argv[1] ?? "";
      if (!/^-?\d{1,18}$/.test(version)) {
        return { kind: "error", message: HELLO_ERRORS.notInteger };
      }
      if (version !== "2" && version !== "3") {
        return { kind: "error", message: HELLO_ERRORS.noProto };
      }
      protocol = version === "3" ? 3 : 2;
      // The backends answer in RESP2 terms (a proxied Redis too); this connection speaks RESP3.
      forwarded[1] = "2";
    }
    for (let index = 2; index < argv.length; index++) {
      const option = argv[index] ?? "";
      const token = asciiUpper(option);
      if (token === "AUTH" && index + 2 < argv.length) {
        credentials = [binaryToUtf8(argv[index + 1] ?? ""), binaryToUtf8(argv[index + 2] ?? "")];
        if (this.#options.authenticate === undefined) {
          // An open port: the backend's own users (a fresh engine's passwordless `default`).
          forwarded.push(option, argv[index + 1] ?? "", argv[index + 2] ?? "");
        }
        index += 2;
      } else if (token === "SETNAME" && index + 1 < argv.length) {
        forwarded.push(option, argv[index + 1] ?? "");
        index += 1;
      } else {
        return { kind: "error", message: HELLO_ERRORS.syntax(binaryToUtf8(option)) };
      }
    }
    if (
      this.#options.authenticate !== undefined &&
      credentials !== undefined &&
      !(await this.#signIn(...credentials))
    ) {
      return WRONGPASS;
    }
    const session = this.#session;
    if (!this.#isAuthenticated || session === undefined) {
      return { kind: "error", message: HELLO_ERRORS.noAuth };
    }
    const reply = await session.execute(forwarded, command);
    if (reply.kind !== "array") {
      return reply;
    }
    this.#protocol = protocol;
    session.setProtocol?.(protocol);
    return withProtocol(reply, protocol);
  }

  /**
   * RESET also logs the connection out when the port requires AUTH, as Redis does when the
   * default user has a password (src/networking.c clearClientConnectionState).
   */
  async #reset(argv: Argv, command: Command | undefined): Promise<Resp2Value> {
    const reply = this.#session === undefined ? RESET : await this.#session.execute(argv, command);
    this.#isAuthenticated = false;
    this.#usage = undefined;
    this.#caller = this.#callerAs({ isReadOnly: false });
    return reply;
  }

  /**
   * A blocking command still waits a turn of the event loop after it ran: from now on pushes
   * (pub/sub messages, invalidations) go out as they come, as Redis writes them to a blocked
   * client, and the replies before it are no longer held back in the batch.
   */
  #whileBlocked(): void {
    const held = this.#heldPushes ?? [];
    this.#heldPushes = undefined;
    this.#replies.close();
    for (const value of held) {
      this.#observe(value);
      this.#writePush(value);
    }
  }

  /**
   * Pushed replies (pub/sub messages, extra subscribe confirmations) that arrive while a command
   * runs go on the wire after that command's reply, as Redis writes them.
   */
  #push(value: Resp2Value): void {
    if (this.#heldPushes === undefined) {
      this.#observe(value);
      this.#writePush(value);
    } else if (this.#heldPushes === NONE_HELD) {
      this.#heldPushes = [value];
    } else {
      this.#heldPushes.push(value);
    }
  }

  /** Writes a command's reply in the connection's protocol (RESP3: the command's shape). */
  #writeReply(value: Answer, command: Command | undefined, argv: Argv): number {
    if (value instanceof PassedThrough) {
      if (this.#isClosed || this.#socket.destroyed || this.#outputLimit.isExceeded) {
        return 0;
      }
      const bytes = this.#replies.writeReply(value.reply, this.#protocol);
      this.#outputLimit.check();
      return bytes;
    }
    if (this.#protocol === 2) {
      return this.#write(value);
    }
    if (command?.traits.has("subscription") === true && value.kind === "array") {
      return this.#writeBytes(encodeResp3(pushResp3(value)));
    }
    return this.#writeBytes(encodeResp3(this.#toResp3(value, { command, argv })));
  }

  /** RESP3 shapes, EXEC's replies each by its queued command (tracked from MULTI's replies). */
  #toResp3(value: Resp2Value, request: { command: Command | undefined; argv: Argv }): Resp3Value {
    const name = request.command?.name;
    if (name === "MULTI") {
      this.#queued = value.kind === "simple" ? [] : this.#queued;
    } else if (name === "EXEC" || name === "DISCARD") {
      const queued = this.#queued;
      this.#queued = undefined;
      if (name === "EXEC" && value.kind === "array" && queued?.length === value.items.length) {
        return {
          kind: "array",
          items: value.items.map((item, index) => toResp3(item, queued[index] ?? request)),
        };
      }
    } else if (this.#queued !== undefined && value.kind === "simple" && value.value === "QUEUED") {
      this.#queued.push(request);
    }
    return toResp3(value, request);
  }

  /** Writes a pushed value: a RESP3 push (a MONITOR line stays a simple string). */
  #writePush(value: Resp2Value): number {
    return this.#protocol === 2
      ? this.#write(value)
      : this.#writeBytes(encodeResp3(pushResp3(value)));
  }

  /** Writes one reply; returns its size in bytes (0 when the socket is gone). */
  #write(value: Resp2Value): number {
    if (this.#protocol === 3) {
      return this.#writeBytes(encodeResp3(plainResp3(value)));
    }
    if (value.kind === "bulk" && value.value.byteLength >= LARGE_BULK_BYTES) {
      // The value goes to the batch as it is: encoding would copy it once more.
      const header = Buffer.from(`$${value.value.byteLength}\r\n`, "latin1");
      return this.#writeBytes(header) + this.#writeBytes(value.value) + this.#writeBytes(CRLF);
    }
    return this.#writeBytes(encodeResp2(value));
  }

  #writeBytes(bytes: Uint8Array): number {
    if (this.#isClosed || this.#socket.destroyed || this.#outputLimit.isExceeded) {
      return 0;
    }
    this.#replies.write(bytes);
    this.#outputLimit.check();
    return bytes.byteLength;
  }

  /** Sends the replies held so far, then ends the socket (QUIT, a protocol error, a kill). */
  #end(): void {
    this.#replies.close();
    this.#socket.end();
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

  /**
   * CLIENT KILL named this connection: closed after the reply when its own command did it (Redis
   * writes that reply first), else at once, its session (subscriptions, blocked command, WATCHes,
   * MONITOR) released with it. A microtask: the killing command is still iterating the sessions.
   */
  #onKilled(): void {
    if (this.#isInOwnCommand) {
      this.#isKilledAfterReply = true;
      return;
    }
    queueMicrotask(() => {
      this.#socket.destroy();
      this.#close();
    });
  }

  #close(): void {
    if (this.#isClosed) {
      return;
    }
    this.#isClosed = true;
    this.#pending.length = 0;
    this.#outputLimit.dispose();
    this.#session?.close();
  }
}

/** HELLO's flat reply with `proto` set to the connection's protocol (the backend answered 2). */
/** A request's size as usage counts it: its arguments' lengths. */
function argvBytes(argv: Argv): number {
  let bytes = 0;
  for (const arg of argv) {
    bytes += arg.length;
  }
  return bytes;
}

function withProtocol(reply: Resp2Value & { kind: "array" }, protocol: 2 | 3): Resp2Value {
  const items = [...reply.items];
  const index = items.findIndex(
    (item) => item.kind === "bulk" && Buffer.from(item.value).toString("latin1") === "proto",
  );
  if (index !== -1) {
    items[index + 1] = { kind: "integer", value: BigInt(protocol) };
  }
  return { kind: "array", items };
}
