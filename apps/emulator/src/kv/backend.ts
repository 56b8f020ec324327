/**
 * `KvBackend`: the one interface the REST routes and the RESP listener talk to (STYLE.md §7.1),
 * implemented over the embedded engine (`memory/`) and over a real Redis (`redis-proxy/`).
 * Redis errors are replies, never throws; a throw means the backend itself failed.
 */
import type { Resp2Value } from "@stratus/core/resp2";
import type { Reply, Resp3Reply } from "../engine/index.ts";
import type { StoreState } from "../storage/index.ts";
import type { Command } from "./command-info.ts";
import type { OutputLimitSource } from "./output-limit.ts";

/**
 * A command: name and arguments as binary strings, one char per byte, as the engine holds them
 * (`engine/bytes.ts`). Requests are converted once where their bytes or text come in
 * (`kv/argv.ts`); every check on the way and the engine then read them as they are, and the proxy
 * writes them to Redis as Latin-1.
 */
export type Argv = readonly string[];

/**
 * The embedded engine's own reply (binary strings), for a caller that encodes it straight to the
 * wire (`KvSession.executeReply`) rather than through a `Resp2Value`.
 */
export type EngineReply = Reply;
export { resp2Form } from "../engine/index.ts";
/** The RESP3 types a script's reply may hold, and their RESP2 forms. */
export type { Resp3Reply };

export interface KvCaller {
  /** Read-only token or the `default_ro` user. */
  readonly isReadOnly: boolean;
  /** `ip:port` of the peer, for MONITOR; REST shows `0.0.0.0:0` as the real service does. */
  readonly address: string;
  /** `ip:port` of the listener a RESP client reached (CLIENT LIST `laddr`, CLIENT KILL LADDR). */
  readonly localAddress?: string;
}

export type TransactionResult =
  | { readonly status: "executed"; readonly replies: readonly Resp2Value[] }
  | { readonly status: "discarded"; readonly error: string };

/** A pub/sub event as REST streams it. */
export type PubSubEvent =
  | { readonly kind: "subscribe" | "psubscribe"; readonly name: Uint8Array; readonly count: number }
  | { readonly kind: "message"; readonly channel: Uint8Array; readonly message: Uint8Array }
  | {
      readonly kind: "pmessage";
      readonly pattern: Uint8Array;
      readonly channel: Uint8Array;
      readonly message: Uint8Array;
    };

export interface SubscribeOptions {
  readonly kind: "channel" | "pattern";
  readonly name: Uint8Array;
  readonly signal: AbortSignal;
  /**
   * Runs when events waiting for the reader go over the pub/sub output-buffer limit; the stream has
   * then ended and its subscription is gone. The caller closes the client's connection.
   */
  readonly onOutputLimit?: () => void;
}

/** MONITOR's stream: ends when the signal aborts. */
export interface MonitorOptions {
  readonly signal: AbortSignal;
  /** As for `SubscribeOptions`, with the normal class's limit (Redis counts MONITOR as normal). */
  readonly onOutputLimit?: () => void;
}

/** One executed command as MONITOR shows it. */
export interface MonitorLine {
  readonly timestampMicros: number;
  readonly db: number;
  readonly address: string;
  readonly argv: readonly Uint8Array[];
}

/**
 * A stateful client of the backend, for one RESP connection: SELECT, MULTI/EXEC, WATCH, blocking
 * commands, SUBSCRIBE and MONITOR keep their Redis meaning. Pushed replies (pub/sub messages,
 * monitor lines) go to `onPush`.
 */
export interface KvSession {
  /**
   * `command`: `lookupCommand(argv)`, when the caller has it (the engine need not look it up
   * again). A reply at once when the backend has it (the embedded engine, mostly), else a promise.
   */
  execute(argv: Argv, command?: Command): Resp2Value | Promise<Resp2Value>;
  /**
   * `execute` answering with the engine's own reply, which the RESP listener encodes straight
   * into its output (no Buffer per bulk string): only the embedded engine has it.
   */
  executeReply?(argv: Argv, command?: Command): EngineReply | Promise<EngineReply>;
  /**
   * Runs the session's commands (scripts' included) as the ACL user a token acts as (`default`,
   * `default_ro`, an ACL RESTTOKEN user): the embedded engine checks each against that user. A
   * proxied Redis has no such users: there it changes nothing.
   */
  actAs(username: string): void;
  /**
   * The protocol HELLO chose (the backends answer in RESP2 terms either way): the embedded engine
   * needs it for CLIENT LIST's `resp=` and for where tracking invalidations go. A proxied Redis
   * keeps speaking RESP2 to the listener: there it changes nothing.
   */
  setProtocol?(protocol: 2 | 3): void;
  close(): void;
}

export interface KvSessionOptions {
  readonly caller: KvCaller;
  /** Receives out-of-band replies: pub/sub messages and MONITOR lines, already in RESP form. */
  readonly onPush: (value: Resp2Value) => void;
  /**
   * CLIENT KILL named this session: the connection closes (at once, or after the reply of the
   * command that killed it). Over a proxied Redis the Redis closes the connection itself.
   */
  readonly onKill?: () => void;
}

/**
 * The ACL users REST tokens act as: the embedded engine's (`engine/acl/registry.ts`). A proxied
 * Redis has none the emulator can see; it enforces its own over RESP.
 */
export interface KvAclUsers {
  /** The user named `username`, if it exists. */
  user(username: string): { readonly isEnabled: boolean } | undefined;
  /** Whether the password is one of the user's and the user is enabled (AUTH over RESP). */
  authenticate(username: string, password: string): boolean;
  /** Runs `request` with REST's stateless session acting as `username`. */
  runAs<TResult>(username: string, request: () => TResult): TResult;
  /** Calls `listener` for each token ACL RESTTOKEN issues; returns the detach. */
  onRestToken(listener: (token: { token: string; username: string }) => void): () => void;
}

export interface KvBackend {
  /**
   * Runs one command on database 0. The reply comes back at once when nothing is waited for (the
   * embedded engine without pending writes): a REST request then runs with no promise at all.
   * `command`: `lookupCommand(argv)`, when the caller has it (the engine need not look it up again).
   */
  execute(argv: Argv, caller: KvCaller, command?: Command): Resp2Value | Promise<Resp2Value>;
  /**
   * Runs commands in order, not atomically; one reply each. `lookedUp`, when given, holds
   * `lookupCommand` of each, in the same order.
   */
  pipeline(
    commands: readonly Argv[],
    caller: KvCaller,
    lookedUp?: readonly (Command | undefined)[],
  ): Promise<readonly Resp2Value[]>;
  /** Runs commands atomically (MULTI/EXEC semantics). */
  transaction(commands: readonly Argv[], caller: KvCaller): Promise<TransactionResult>;
  /** SUBSCRIBE or PSUBSCRIBE; the first event confirms the subscription; ends when the signal aborts. */
  subscribe(options: SubscribeOptions): AsyncIterable<PubSubEvent>;
  /** Every executed command from now on; ends when the signal aborts. */
  monitor(options: MonitorOptions): AsyncIterable<MonitorLine>;
  /** The output-buffer limits of this backend's clients, RESP and SSE; Redis's defaults if unset. */
  readonly outputLimits?: OutputLimitSource;
  /** A stateful session for a RESP connection. */
  openSession(options: KvSessionOptions): KvSession;
  /**
   * Keys in all logical databases now, for the `keyspace` stats series; 0 over a proxied Redis,
   * whose keys the emulator does not count.
   */
  keyCount(): number;
  /**
   * Bytes the engine holds for this database's data, for the storage figures of its stats;
   * absent where the emulator cannot observe it (a proxied Redis).
   */
  memoryBytes?(): number;
  /**
   * The keyspace as the engine's store snapshot holds it, for an emulator snapshot; absent over a
   * proxied Redis, whose data the emulator does not hold.
   */
  storeState?(): StoreState;
  /** The ACL users REST tokens act as; undefined over a proxied Redis. */
  readonly aclUsers: KvAclUsers | undefined;
  close(): Promise<void>;
}

/** The backend could not serve the request (e.g. the proxied Redis is unreachable). */
export class BackendUnavailableError extends Error {
  override readonly name = "BackendUnavailableError";
}
