/**
 * One RESP2 client connection: reads requests (multibulk or inline) with core's parser, runs them
 * in order through a backend session, and writes the replies. AUTH and QUIT are answered here;
 * everything else is the session's. A protocol error is answered and the connection closed, as
 * Redis does (src/networking.c setProtocolError).
 */
import type { Socket } from "node:net";
import {
  encodeResp2,
  Resp2RequestError,
  Resp2RequestParser,
  type Resp2Value,
} from "@stratus/core/resp2";
import {
  BackendUnavailableError,
  type KvBackend,
  type KvCaller,
  type KvSession,
} from "../kv/backend.ts";
import { checkCommand } from "../kv/policy.ts";

/** Checks `AUTH [username] password`; the caller's grant, or undefined when refused. */
export type RespAuthenticator = (username: string, password: string) => KvCaller | undefined;

export interface ConnectionOptions {
  readonly socket: Socket;
  readonly backend: KvBackend;
  /** When set, clients must AUTH before anything else (`NOAUTH Authentication required.`). */
  readonly authenticate?: RespAuthenticator;
  readonly onError: (error: unknown) => void;
}

const OK: Resp2Value = { kind: "simple", value: "OK" };
const NOAUTH: Resp2Value = { kind: "error", message: "NOAUTH Authentication required." };
const WRONGPASS: Resp2Value = {
  kind: "error",
  message: "WRONGPASS invalid username-password pair or user is disabled.",
};
/** Commands a client may send before authenticating (src/server.c: CMD_NO_AUTH). */
const NO_AUTH_COMMANDS = new Set(["AUTH", "HELLO", "QUIT"]);

export class RespConnection {
  readonly #socket: Socket;
  readonly #options: ConnectionOptions;
  readonly #parser = new Resp2RequestParser();
  readonly #pending: (readonly Uint8Array[])[] = [];
  #session: KvSession;
  #caller: KvCaller;
  #isAuthenticated: boolean;
  #isRunning = false;
  #isClosed = false;
  /** Set when the parser refused the input: answered after the requests before it, then close. */
  #protocolError: string | undefined;
  #heldPushes: Resp2Value[] | undefined;

  constructor(options: ConnectionOptions) {
    this.#options = options;
    this.#socket = options.socket;
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
        this.#pending.push(...error.commands, []);
        this.#protocolError = error.message;
        this.#drain();
        return;
      }
      throw error;
    }
    this.#pending.push(...requests);
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
        if (argv.length === 0 && this.#protocolError !== undefined) {
          this.#write({ kind: "error", message: `ERR ${this.#protocolError}` });
          this.#socket.end();
          return;
        }
        this.#heldPushes = [];
        const reply = await this.#run(argv);
        const held = this.#heldPushes;
        this.#heldPushes = undefined;
        if (this.#isClosed) {
          return;
        }
        this.#write(reply);
        for (const value of held) {
          this.#write(value);
        }
      }
    } finally {
      this.#socket.uncork();
    }
  }

  async #run(argv: readonly Uint8Array[]): Promise<Resp2Value> {
    const name = Buffer.from(argv[0] ?? new Uint8Array())
      .toString("latin1")
      .toUpperCase();
    if (name === "QUIT") {
      this.#write(OK);
      this.#socket.end();
      this.#isClosed = true;
      return OK;
    }
    if (name === "AUTH" && this.#options.authenticate !== undefined) {
      return this.#auth(argv);
    }
    if (!this.#isAuthenticated && !NO_AUTH_COMMANDS.has(name)) {
      return NOAUTH;
    }
    const refusal = checkCommand(argv, { isReadOnly: this.#caller.isReadOnly, surface: "resp" });
    if (refusal !== undefined) {
      return { kind: "error", message: refusal };
    }
    try {
      return await this.#session.execute(argv);
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

  #auth(argv: readonly Uint8Array[]): Resp2Value {
    const text = argv.slice(1).map((part) => Buffer.from(part).toString("utf8"));
    if (text.length < 1 || text.length > 2) {
      return { kind: "error", message: "ERR wrong number of arguments for 'auth' command" };
    }
    const [username, password] = text.length === 2 ? text : ["default", text[0]];
    const caller = this.#options.authenticate?.(username ?? "", password ?? "");
    if (caller === undefined) {
      return WRONGPASS;
    }
    this.#isAuthenticated = true;
    // Redis keeps the connection's state (database, name, …) across AUTH; only the grant changes.
    this.#caller = { ...caller, address: this.#address() };
    return OK;
  }

  /**
   * Pushed replies (pub/sub messages, extra subscribe confirmations) that arrive while a command
   * runs go on the wire after that command's reply, as Redis writes them.
   */
  #push(value: Resp2Value): void {
    if (this.#heldPushes === undefined) {
      this.#write(value);
    } else {
      this.#heldPushes.push(value);
    }
  }

  #write(value: Resp2Value): void {
    if (!this.#isClosed && !this.#socket.destroyed) {
      this.#socket.write(encodeResp2(value));
    }
  }

  #close(): void {
    if (this.#isClosed) {
      return;
    }
    this.#isClosed = true;
    this.#session.close();
  }
}
