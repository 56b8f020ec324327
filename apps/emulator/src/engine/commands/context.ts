/**
 * What a running command can reach. The engine implements these interfaces; command files import
 * only the types, so they never depend on the engine's wiring.
 */
import type { AccessPolicy } from "../access-time.ts";
import type { AclRegistry } from "../acl/registry.ts";
import type { Authenticator } from "../auth.ts";
import type { CallStats } from "../call-stats.ts";
import type { ClientPauses } from "../client-pause.ts";
import type { ConfigApi, NotifyClass } from "../config.ts";
import type { ServerIdentity } from "../info.ts";
import type { Database } from "../keyspace.ts";
import type { Reply } from "../reply.ts";
import type { KeyspaceCursors } from "../scan-cursor.ts";
import type { ScriptingState } from "../scripting/state.ts";
import type { SearchRegistry } from "../search/registry.ts";
import type { Session } from "../session.ts";
import type { ShardChannels } from "../shard-channels.ts";
import type { Tracking } from "../tracking.ts";
import type { Command } from "./define.ts";
import type { Resolved } from "./dispatch.ts";

/** A command that must wait for data (BLPOP, BZPOPMIN, XREAD BLOCK, …) or for a busy script. */
export interface BlockedReply {
  readonly kind: "blocked";
  /** The keys whose change may unblock it. */
  readonly keys: readonly string[];
  readonly db: number;
  /** Absolute deadline in ms; undefined waits forever. */
  readonly deadlineMs: number | undefined;
  /** What the command answers when the deadline passes. */
  readonly timeoutReply: Reply;
  /**
   * Set for a script that ran past `busy-reply-threshold` and yielded (no keys, no deadline): it
   * goes on in slices between which the event loop serves other clients (who get BUSY), and this
   * is its reply, when it ends. `Engine.waitFor` returns it.
   */
  readonly pending?: Promise<Reply>;
}

export type CommandResult = Reply | BlockedReply;

/** Pub/sub as commands see it. */
export interface PubSubApi {
  /** Delivers `message` to every subscriber of `channel` and matching pattern; the receiver count. */
  publish(channel: string, message: string): number;
  /** Active channels (with at least one subscriber) matching the optional glob. */
  channels(pattern?: string): string[];
  numberOfSubscribers(channel: string): number;
  numberOfPatterns(): number;
  subscribe(session: Session, channel: string): void;
  unsubscribe(session: Session, channel: string): boolean;
  psubscribe(session: Session, pattern: string): void;
  punsubscribe(session: Session, pattern: string): boolean;
}

/** Server-wide state and operations (databases, configuration, clients, statistics). */
export interface ServerApi {
  readonly databases: readonly Database[];
  readonly pubsub: PubSubApi;
  readonly commands: ReadonlyMap<string, Command>;
  readonly config: ConfigApi;
  readonly stats: ServerStats;
  /** INFO commandstats/errorstats and `total_error_replies`. */
  readonly callStats: CallStats;
  /** The engine's estimate of its data's size while `maxmemory` is set; undefined otherwise. */
  readonly dataMemory: number | undefined;
  /** How access stamps read under the maxmemory policy (LRU clock or LFU counter). */
  readonly accessPolicy: AccessPolicy;
  /**
   * Whether writes' effects are logged (a data directory): a command may skip building what it
   * would `propagate` while they are not.
   */
  readonly logsEffects: boolean;
  /**
   * The counted error reply of a command refused before it ran (`rejectCommand`): scripts answer
   * their refusals (unknown command, arity, ACL, a write in a read-only script) through it.
   */
  rejectCall(command: Command | undefined, message: string): Reply;
  /** Every connected session, for CLIENT LIST/KILL. */
  sessions(): Iterable<Session>;
  /** Empties one database (or all), waking WATCHers as Redis does. */
  flush(dbIndex?: number): void;
  swapDatabases(a: number, b: number): void;
  /** Writes a snapshot now when persistence is configured; false when there is none. */
  save(): boolean;
  /** Unix ms of the last successful save (or start-up). */
  readonly lastSaveMs: number;
  /** A random number in [0, 1); injectable so tests can fix it. */
  random(): number;
  /**
   * Runs a command as another client (a script's `redis.call` runs as the "lua" session);
   * `command` is what `findCommand` gives for `argv`, when the caller has looked it up.
   */
  execute(argv: readonly string[], session: Session, command?: Command): CommandResult;
  /**
   * Runs a command whose lookup and arity the caller checked, inside the caller's unit (a
   * script's `redis.call`, which keeps one `resolved` per command it calls).
   */
  executeResolved(argv: readonly string[], session: Session, resolved: Resolved): CommandResult;
  /**
   * Runs `body` as one unit at the frozen time `atMs` (a slice of a script that yielded keeps its
   * start time): the effects it caused are logged when it ends, and blocked clients are served.
   */
  runUnit<T>(atMs: number, body: () => T): T;
  /** WATCH: marks the keys (in the session's database) whose change makes the session's EXEC fail. */
  watch(session: Session, keys: readonly string[]): void;
  /** UNWATCH: forgets every key the session watches. */
  unwatch(session: Session): void;
  // The engine's own state, one field per subsystem (the engine declares them all in one place).
  /** ACL users, the permission check, the ACL log and the tokens of ACL RESTTOKEN. */
  readonly acl: AclRegistry;
  /** Who checks AUTH and HELLO credentials: the ACL users unless another one was installed. */
  readonly authenticator: Authenticator;
  /** SSUBSCRIBE's channels, apart from ordinary ones as in Redis. */
  readonly shardChannels: ShardChannels;
  /** SCAN's open iterations. */
  readonly scanCursors: KeyspaceCursors;
  /** The EVAL script cache, the function libraries and their Lua VMs. */
  readonly scripting: ScriptingState;
  /** The SEARCH.* indexes and aliases, which follow the keyspace through `keyModified`. */
  readonly search: SearchRegistry;
  /** Run id, replication id and save counters (INFO, HELLO, DEBUG). */
  readonly identity: ServerIdentity;
  /** Client-side caching (CLIENT TRACKING): tracked keys, prefixes, invalidation messages. */
  readonly tracking: Tracking;
  /** The connected session with this id (CLIENT TRACKING REDIRECT). */
  session(id: number): Session | undefined;
  /** CLIENT PAUSE / UNPAUSE: the connections' commands held back. */
  readonly pauses: ClientPauses;
  /**
   * CLIENT UNBLOCK: ends session `id`'s blocking command now, with its timeout reply or the given
   * error; false when it is not blocked by a command.
   */
  unblock(id: number, options: { error?: string }): boolean;
}

export interface ServerStats {
  readonly startedAtMs: number;
  commandsProcessed: number;
  keyspaceHits: number;
  keyspaceMisses: number;
  expiredKeys: number;
  /** Changes since the last save, as Redis's `server.dirty`. */
  dirty: number;
  totalConnections: number;
  /** Clients closed for going over `client-output-buffer-limit` (INFO stats, Redis 7.2+). */
  clientOutputBufferLimitDisconnections: number;
  /** Keys evicted under `maxmemory` (INFO stats `evicted_keys`). */
  evictedKeys: number;
}

export interface CommandContext {
  readonly server: ServerApi;
  /** The session's selected database. */
  readonly db: Database;
  readonly session: Session;
  /** The command's time in ms, frozen for the whole command (and the whole transaction or script). */
  readonly now: number;
  /** The command's arguments, name included. */
  readonly argv: readonly string[];
  /**
   * Records that `key` changed: WATCH and blocked clients see it, the keyspace event `event` of
   * class `type` is published, and the dirty counter grows (Redis's signalModifiedKey +
   * notifyKeyspaceEvent + server.dirty++).
   */
  modified(key: string, event: string, type: NotifyClass): void;
  /** Publishes a keyspace event without marking the key modified (e.g. `expired`, `keymiss`). */
  notify(event: string, key: string, type: NotifyClass): void;
  /**
   * Replaces what the storage log records for this command (by default its argv when it changed
   * anything): relative expiry becomes PEXPIREAT, SPOP becomes SREM, … (STYLE.md §7.5). Ignored
   * while nothing logs (`server.logsEffects`).
   */
  propagate(argv: readonly string[]): void;
  /**
   * Blocks until one of `keys` changes or the deadline passes. Inside MULTI or a script (or on REST)
   * a command never blocks: this returns `timeoutReply` at once.
   */
  block(options: {
    keys: readonly string[];
    timeoutMs: number;
    timeoutReply: Reply;
  }): CommandResult;
  /** Counts a key lookup for INFO's keyspace_hits/keyspace_misses. */
  countLookup(hit: boolean): void;
}
