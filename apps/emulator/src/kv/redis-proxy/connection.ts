/**
 * One RESP2 connection to the proxied Redis, over `node:net` (or `node:tls` for `rediss://`) with
 * core's codec (STYLE.md principle 2: no Redis client library).
 *
 * Requests are pipelined: each `send` writes at once and its reply is the next unclaimed value off
 * the wire, since Redis answers a connection's commands in order. Values no request waits for
 * (pub/sub messages, MONITOR lines, and everything written with `write`) go to `onPush`. When the
 * socket closes or fails, or a reply is later than the command timeout, every waiting request is
 * rejected with `BackendUnavailableError` and the connection is destroyed: a late reply would
 * otherwise be paired with the wrong request. Socket errors never escape as `error` events, so they
 * cannot crash the process.
 */
import { connect as connectTcp, type Socket } from "node:net";
import { connect as connectTls } from "node:tls";
import {
  encodeResp2CommandBinary,
  Resp2ProtocolError,
  Resp2StreamDecoder,
  type Resp2Value,
} from "@stratus/core/resp2";
import { utf8ToBinary } from "../argv.ts";
import { type Argv, BackendUnavailableError } from "../backend.ts";
import { ReplyTimer } from "./command-timeout.ts";
import { describeRedisTarget, type RedisTarget } from "./redis-url.ts";

/** What one read takes at most: libuv's suggestion, as Node's own reads use. */
const READ_BUFFER_BYTES = 64 * 1024;

export interface RedisConnectionOptions {
  readonly target: RedisTarget;
  /** Bounds the TCP (and TLS) connect plus the handshake (AUTH, SELECT, PING). */
  readonly connectTimeoutMs: number;
  /**
   * Bounds each `send`'s wait for its reply once the handshake is done (see command-timeout.ts);
   * 0 or absent: no bound. Commands sent with `write` are their caller's to time.
   */
  readonly commandTimeoutMs?: number;
  /** Receives, in wire order, the values no request waits for. */
  readonly onPush?: (value: Resp2Value) => void;
  /**
   * Called once when the connection ends, whoever ended it. `isOutage` is false only when the
   * emulator closed it (`close`); a lost socket, malformed RESP or a timeout (`abandon`) are true.
   */
  readonly onClose?: (error: BackendUnavailableError, isOutage: boolean) => void;
}

interface Waiting {
  readonly resolve: (value: Resp2Value) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * What a fresh connection sends before anything else: AUTH and SELECT from the URL. Replies are
 * errors when the credentials or database are wrong.
 */
export function handshakeCommands(target: RedisTarget): Argv[] {
  const commands: Argv[] = [];
  if (target.password !== undefined) {
    const credentials =
      target.username === undefined ? [target.password] : [target.username, target.password];
    commands.push(["AUTH", ...credentials.map(utf8ToBinary)]);
  }
  if (target.db !== 0) {
    commands.push(["SELECT", String(target.db)]);
  }
  return commands;
}

/** Why a connection was given up when a reply was late: the outage log and the 503 say it. */
export function commandTimeoutReason(allowanceMs: number): string {
  return `no reply within ${Math.round(allowanceMs)} ms (command timeout); the connection was closed`;
}

/** `ip:port` as Redis prints a peer (`anetFormatAddr`: IPv6 in brackets), for MONITOR lines. */
export function formatPeerAddress(ip: string | undefined, port: number | undefined): string {
  const host = ip ?? "?";
  return `${host.includes(":") ? `[${host}]` : host}:${port ?? 0}`;
}

export class RedisConnection {
  readonly target: RedisTarget;
  readonly #socket: Socket;
  readonly #options: RedisConnectionOptions;
  readonly #decoder = new Resp2StreamDecoder();
  readonly #waiting: Waiting[] = [];
  #isClosed = false;
  /** Times `send`'s replies; set once the handshake is done, when the command timeout is on. */
  #replyTimer: ReplyTimer | undefined;
  /**
   * Commands written since the last flush as one binary string, sent together once the event loop
   * has read every socket.
   */
  #outgoing = "";

  private constructor(socket: Socket, options: RedisConnectionOptions) {
    this.#socket = socket;
    this.#options = options;
    this.target = options.target;
    socket.setNoDelay(true);
    socket.setKeepAlive(true, 30_000);
    socket.on("data", (chunk: Buffer) => this.#onData(chunk));
    // `error` is always followed by `close`; the first reason wins.
    socket.on("error", (error: Error) => this.#fail(this.#unavailable(error.message, error)));
    socket.on("close", () => this.#fail(this.#unavailable("the connection closed")));
  }

  /**
   * Connects and runs the handshake: AUTH and SELECT from the URL, or a PING when there is neither,
   * so a peer that accepts connections but is not a working Redis is found out here.
   * @throws {BackendUnavailableError} when Redis is unreachable, refuses the handshake, or does
   * not answer within `connectTimeoutMs`.
   */
  static async open(options: RedisConnectionOptions): Promise<RedisConnection> {
    const { target } = options;
    let receive: ((chunk: Uint8Array) => void) | undefined;
    const socket = target.isTls
      ? connectTls({
          host: target.host,
          port: target.port,
          // SNI takes host names only (RFC 6066 §3).
          ...(/^[\d.]+$|:/.test(target.host) ? {} : { servername: target.host }),
        })
      : connectTcp({
          host: target.host,
          port: target.port,
          // Replies are read into one buffer, reused: the decoder copies what it keeps. This skips
          // a fresh 64 KiB buffer and the stream's `data` machinery on every read; `data` then
          // never fires (it serves TLS).
          onread: {
            buffer: Buffer.allocUnsafe(READ_BUFFER_BYTES),
            callback: (length, buffer) => {
              receive?.(buffer.subarray(0, length));
              return true;
            },
          },
        });
    const connection = new RedisConnection(socket, options);
    receive = (chunk) => connection.#onData(chunk);
    const handshake = handshakeCommands(target);
    // Node queues writes made before the socket connects.
    const commands = handshake.length > 0 ? handshake : [["PING"]];
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = connection.#unavailable(
          `no answer within ${options.connectTimeoutMs} ms (connect timeout)`,
        );
        connection.#fail(error);
        reject(error);
      }, options.connectTimeoutMs);
    });
    try {
      const replies = await Promise.race([
        Promise.all(commands.map((argv) => connection.send(argv))),
        timeout,
      ]);
      for (const [index, reply] of replies.entries()) {
        if (reply.kind === "error") {
          const name = commands[index]?.[0] ?? "";
          throw connection.#unavailable(`${name} failed: ${reply.message}`);
        }
      }
      connection.#startReplyTimer();
      return connection;
    } catch (error: unknown) {
      connection.close();
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  /** False once the socket closed or failed; requests then reject at once. */
  get isOpen(): boolean {
    return !this.#isClosed;
  }

  /** This end's address as Redis shows the client (CLIENT LIST, MONITOR). */
  get localAddress(): string {
    return formatPeerAddress(this.#socket.localAddress, this.#socket.localPort);
  }

  /** Sends one command; resolves with its reply (Redis errors are replies, not rejections). */
  send(argv: Argv): Promise<Resp2Value> {
    if (this.#isClosed) {
      return Promise.reject(this.#unavailable("the connection is closed"));
    }
    return new Promise((resolve, reject) => {
      if (this.#waiting.push({ resolve, reject }) === 1) {
        this.#replyTimer?.expect();
      }
      this.#write(argv);
    });
  }

  /** Sends commands back to back (one write); resolves with their replies in order. */
  sendAll(commands: readonly Argv[]): Promise<Resp2Value[]> {
    return Promise.all(commands.map((argv) => this.send(argv)));
  }

  /**
   * Sends a command whose replies the caller takes from `onPush` (subscriptions, MONITOR, and
   * sessions, which match replies themselves). Call only when no `send` is waiting.
   * @throws {BackendUnavailableError} when the connection is closed.
   */
  write(argv: Argv): void {
    if (this.#isClosed) {
      throw this.#unavailable("the connection is closed");
    }
    this.#write(argv);
  }

  /** Closes the socket; waiting requests reject. Redis drops the client's subscriptions, MONITOR and blocked command. */
  close(): void {
    this.#fail(this.#unavailable("the connection was closed by the emulator"), false);
  }

  /**
   * Destroys the connection as broken (`reason` says why, e.g. a session's reply timed out):
   * waiting requests reject, and `onClose` reports an outage.
   */
  abandon(reason: string): void {
    this.#fail(this.#unavailable(reason));
  }

  #startReplyTimer(): void {
    const timeoutMs = this.#options.commandTimeoutMs ?? 0;
    if (timeoutMs > 0) {
      this.#replyTimer = new ReplyTimer({
        timeoutMs,
        onTimeout: (allowanceMs) => this.abandon(commandTimeoutReason(allowanceMs)),
      });
    }
  }

  #write(argv: Argv): void {
    // Coalesce the commands of one event-loop turn into one write: `setImmediate` runs after the
    // poll phase, so every request read in this turn, from any client socket, shares the syscall
    // (and Redis's wake-up). A `nextTick` flush would write once per client socket read.
    if (this.#outgoing === "") {
      setImmediate(() => this.#flush());
    }
    this.#outgoing += encodeResp2CommandBinary(argv);
  }

  #flush(): void {
    const outgoing = this.#outgoing;
    this.#outgoing = "";
    if (!this.#isClosed) {
      this.#socket.write(outgoing, "latin1");
    }
  }

  #onData(chunk: Uint8Array): void {
    let values: Resp2Value[];
    try {
      values = this.#decoder.push(chunk);
    } catch (error: unknown) {
      if (!(error instanceof Resp2ProtocolError)) {
        throw error;
      }
      // RESP2 cannot resynchronise: nothing after a malformed frame can be matched to a request.
      this.#fail(this.#unavailable(`it sent malformed RESP2 (${error.message})`, error));
      return;
    }
    let isAnswered = false;
    for (const value of values) {
      if (this.#isClosed) {
        return;
      }
      const waiting = this.#waiting.shift();
      if (waiting !== undefined) {
        isAnswered = true;
        waiting.resolve(value);
      } else {
        this.#options.onPush?.(value);
      }
    }
    // One clock read per read, not per reply: the next command's wait starts now.
    if (isAnswered && this.#replyTimer !== undefined && !this.#isClosed) {
      if (this.#waiting.length > 0) {
        this.#replyTimer.expect();
      } else {
        this.#replyTimer.settle();
      }
    }
  }

  #fail(error: BackendUnavailableError, isOutage = true): void {
    if (this.#isClosed) {
      return;
    }
    this.#isClosed = true;
    this.#replyTimer?.stop();
    this.#socket.destroy();
    for (const waiting of this.#waiting.splice(0)) {
      waiting.reject(error);
    }
    this.#options.onClose?.(error, isOutage);
  }

  #unavailable(reason: string, cause?: unknown): BackendUnavailableError {
    return new BackendUnavailableError(
      `Redis at ${describeRedisTarget(this.target)}: ${reason}`,
      cause === undefined ? undefined : { cause },
    );
  }
}
