/**
 * The embedded Redis engine: databases, sessions, the dispatcher loop, transactions, WATCH,
 * blocked clients, keyspace notifications, pub/sub and the effects log. Everything here is
 * synchronous, so commands, transactions and scripts never interleave (a script past
 * busy-reply-threshold runs in slices, between which every other command gets BUSY).
 */

import { type AccessPolicy, freshStamp, touchedStamp } from "./access-time.ts";
import { AclRegistry } from "./acl/registry.ts";
import { type Authenticator, aclAuthenticator } from "./auth.ts";
import { isStackOverflowError, isStringTooLongError, NESTING_OVER_ENGINE_LIMIT } from "./bytes.ts";
import { CallStats, countedError, isCountedError } from "./call-stats.ts";
import { ClientPauses } from "./client-pause.ts";
import { type Clock, systemClock, type TimerHandle } from "./clock.ts";
import { Args } from "./commands/args.ts";
import type {
  BlockedReply,
  CommandContext,
  CommandResult,
  ServerApi,
  ServerStats,
} from "./commands/context.ts";
import type { Command } from "./commands/define.ts";
import {
  findCommand,
  keyPositions,
  type Resolved,
  resolveCommand,
  resolveLookedUp,
} from "./commands/dispatch.ts";
import { COMMAND_TABLE } from "./commands/table.ts";
import { Config, type NotifyClass } from "./config.ts";
import { ERR, ReplyError } from "./errors.ts";
import { type EvictionPolicy, EvictionPool, MemoryAccounting, pickVictim } from "./eviction.ts";
import { createServerIdentity, type ServerIdentity } from "./info.ts";
import { Database, type KeyspaceObserver } from "./keyspace.ts";
import { PubSub } from "./pubsub.ts";
import { type Reply, reply } from "./reply.ts";
import { KeyspaceCursors } from "./scan-cursor.ts";
import { ScriptingState } from "./scripting/state.ts";
import { SearchRegistry } from "./search/registry.ts";
import { Session } from "./session.ts";
import { ShardChannels } from "./shard-channels.ts";
import { Tracking } from "./tracking.ts";

/** One write as the storage log records it: the database and the effect's argv. */
export interface Effect {
  readonly db: number;
  readonly argv: readonly string[];
}

/** A command as MONITOR shows it. */
export interface ExecutedCommand {
  readonly timeMs: number;
  readonly db: number;
  readonly address: string;
  readonly argv: readonly string[];
  readonly session: Session;
}

export interface EngineOptions {
  /** @default systemClock */
  readonly clock?: Clock;
  /** CONFIG parameters to start with, e.g. `{ "notify-keyspace-events": "KEA" }`. */
  readonly config?: Readonly<Record<string, string>>;
  /** @default Math.random */
  readonly random?: () => number;
  /** Receives the effects of each write unit (a command, a transaction, a script). */
  readonly onEffects?: (effects: readonly Effect[]) => void;
  /** Called for bugs: a command threw something other than a `ReplyError`. */
  readonly onInternalError?: (error: unknown, argv: readonly string[]) => void;
  /** Writes a snapshot; SAVE and BGSAVE call it. Undefined when there is no data directory. */
  readonly save?: () => void;
}

export type TransactionResult =
  | { readonly status: "executed"; readonly replies: readonly Reply[] }
  | { readonly status: "discarded"; readonly error: string };

interface Waiter {
  readonly session: Session;
  readonly argv: readonly string[];
  readonly blocked: BlockedReply;
  readonly resolve: (reply: Reply, options?: { isServed?: boolean }) => void;
  timer: TimerHandle | undefined;
  isServed: boolean;
}

const DATABASE_COUNT = 16;
/** Read-only scripts: the commands they run are tracked, not the script itself (src/server.c call). */
const UNTRACKED_READS = new Set(["EVAL_RO", "EVALSHA_RO", "FCALL_RO"]);
/** How often the active-expiry sweep runs, and how many keys it checks per database each time. */
const SWEEP_INTERVAL_MS = 100;
const SWEEP_BUDGET = 20;

export class Engine implements ServerApi, KeyspaceObserver {
  readonly databases: readonly Database[];
  readonly pubsub = new PubSub();
  readonly commands: ReadonlyMap<string, Command> = COMMAND_TABLE;
  readonly config: Config;
  readonly stats: ServerStats;
  /** INFO commandstats/errorstats: every reply of the dispatcher, scripts and MULTI counts here. */
  readonly callStats = new CallStats();
  readonly clock: Clock;
  lastSaveMs: number;
  // Each subsystem's per-engine state, all here (`ServerApi` documents them).
  readonly acl: AclRegistry = new AclRegistry(this.commands);
  /** AUTH and HELLO ask it; tests and embedders may install another. */
  authenticator: Authenticator = aclAuthenticator(this.acl);
  readonly shardChannels = new ShardChannels();
  readonly scanCursors = new KeyspaceCursors();
  readonly search: SearchRegistry = new SearchRegistry((index) => this.databases[index]);
  /** Client-side caching: tracked keys, broadcast prefixes, invalidation messages. */
  readonly tracking: Tracking = new Tracking((id) => this.#sessions.get(id));
  /** CLIENT PAUSE: the connections' commands it holds back. */
  readonly pauses: ClientPauses;
  // Created on first use: a script cache and its VMs cost memory, and the ids draw from `random`,
  // whose sequence tests fix (an eager draw would shift every later random reply).
  #scripting: ScriptingState | undefined;
  #identity: ServerIdentity | undefined;

  readonly #options: EngineOptions;
  readonly #sessions = new Map<number, Session>();
  readonly #monitors = new Set<(command: ExecutedCommand) => void>();
  /** `db\0key` → sessions that WATCH it. */
  readonly #watchers = new Map<string, Set<Session>>();
  /** `db\0key` → clients blocked on it, in arrival order. */
  readonly #waiters = new Map<string, Waiter[]>();
  readonly #readyKeys = new Set<string>();
  #nextSessionId = 1;
  /**
   * The client whose command the running unit serves (Redis's `server.current_client`): a script's
   * `redis.call` runs as the script's caller here, for tracking and NOLOOP.
   */
  #currentClient: Session | undefined;
  /** The time of the running unit (command, transaction, script), frozen while it runs. */
  #unitTimeMs: number | undefined;
  #pendingEffects: Effect[] = [];
  /** Eviction candidates kept across evictions, as Redis keeps its pool for the process's life. */
  readonly #evictionPool = new EvictionPool();
  #sweepTimer: TimerHandle | undefined;
  #isServingBlocked = false;
  #effectsListener: ((effects: readonly Effect[]) => void) | undefined;
  /** False while a command of a CLIENT NO-TOUCH session runs (TOUCH excepted). */
  #touchesKeys = true;
  #accessPolicy: AccessPolicy | undefined;
  #accessPolicyRevision = -1;
  /** `notify-keyspace-events` as of `#notifyFlagsRevision` of the config. */
  #notifyFlags = "";
  #notifyFlagsRevision = -1;
  /** `maxmemory` in bytes (0: no limit) as of `#memoryRevision`, and the accounting it needs. */
  #maxmemory = 0;
  #memoryRevision = -1;
  #memory: MemoryAccounting | undefined;
  /** Whether memory was over the limit when the running top-level command started. */
  #isOutOfMemory = false;
  /** How many commands are running inside one another (a script's, EXEC's). */
  #depth = 0;
  #timingCounter = 0;

  constructor(options: EngineOptions = {}) {
    this.#options = options;
    this.clock = options.clock ?? systemClock;
    this.config = new Config(options.config);
    this.pauses = new ClientPauses(this.clock);
    this.#effectsListener = options.onEffects;
    const now = (): number => this.commandTimeMs;
    this.databases = Array.from(
      { length: DATABASE_COUNT },
      (_, index) => new Database(index, now, this),
    );
    this.lastSaveMs = this.clock.now();
    this.stats = {
      startedAtMs: this.clock.now(),
      commandsProcessed: 0,
      keyspaceHits: 0,
      keyspaceMisses: 0,
      expiredKeys: 0,
      dirty: 0,
      totalConnections: 0,
      clientOutputBufferLimitDisconnections: 0,
      evictedKeys: 0,
    };
    this.#scheduleSweep();
  }

  // ---- sessions -------------------------------------------------------------------------------

  /** Opens a client session (one per RESP connection; REST shares a stateless one). */
  createSession(options: {
    address: string;
    /** The listener's `ip:port` (CLIENT LIST `laddr`). */
    localAddress?: string;
    isStateless?: boolean;
    push?: (message: Reply) => void;
    onKill?: () => void;
  }): Session {
    const { localAddress = "", ...rest } = options;
    const session = new Session({
      id: this.#nextSessionId++,
      createdAtMs: this.clock.now(),
      ...rest,
    });
    session.localAddress = localAddress;
    this.#sessions.set(session.id, session);
    this.stats.totalConnections++;
    return session;
  }

  /** Forgets a session: its WATCHes, subscriptions and blocked command go with it. */
  closeSession(session: Session): void {
    this.unwatch(session);
    this.pubsub.detach(session);
    this.shardChannels.detach(session);
    this.#cancelWaiters(session);
    this.tracking.forget(session);
    this.pauses.forget(session);
    this.#sessions.delete(session.id);
  }

  /**
   * Where the effects of each write unit go from now on (the storage log); undefined stops
   * logging, e.g. while replaying the log itself.
   */
  set effectsListener(listener: ((effects: readonly Effect[]) => void) | undefined) {
    this.#effectsListener = listener;
  }

  /** Whether writes' effects are gathered (a storage log listens); commands skip them otherwise. */
  get logsEffects(): boolean {
    return this.#effectsListener !== undefined;
  }

  /** The running unit's frozen time (the clock's time between units). */
  get commandTimeMs(): number {
    return this.#unitTimeMs ?? this.clock.now();
  }

  sessions(): Iterable<Session> {
    return this.#sessions.values();
  }

  session(id: number): Session | undefined {
    return this.#sessions.get(id);
  }

  get scripting(): ScriptingState {
    this.#scripting ??= new ScriptingState(this);
    return this.#scripting;
  }

  get identity(): ServerIdentity {
    this.#identity ??= createServerIdentity(() => this.random());
    return this.#identity;
  }

  random(): number {
    return (this.#options.random ?? Math.random)();
  }

  // ---- running commands -----------------------------------------------------------------------

  /**
   * Runs one command for `session`. Redis errors are replies; a blocked command says so. `command`
   * is what `findCommand` gave for `argv` when the caller has looked it up (the REST route, the RESP
   * connection); undefined, it is looked up here.
   */
  execute(argv: readonly string[], session: Session, command?: Command): CommandResult {
    const ownsUnit = this.#unitTimeMs === undefined;
    if (ownsUnit) {
      this.#unitTimeMs = this.clock.now();
      this.#currentClient = session;
    }
    try {
      return this.#run(argv, session, command);
    } finally {
      if (ownsUnit) {
        this.#endUnit();
      }
    }
  }

  /**
   * Checks a command as MULTI queues it (lookup and arity, src/multi.c): the error that makes EXEC
   * answer EXECABORT, or undefined when it may be queued.
   */
  check(argv: readonly string[]): string | undefined {
    const resolution = resolveCommand(this.commands, argv);
    return resolution.ok ? undefined : resolution.error;
  }

  /**
   * Runs a batch atomically, as EXEC does: if any command fails to queue the batch is discarded
   * with that error; runtime errors stay per command. Used by REST `/multi-exec` and RESP EXEC.
   */
  transaction(commands: readonly (readonly string[])[], session: Session): TransactionResult {
    for (const argv of commands) {
      const error = this.check(argv);
      if (error !== undefined) {
        return { status: "discarded", error };
      }
    }
    return { status: "executed", replies: this.exec(commands, session) ?? [] };
  }

  /**
   * EXEC of already-queued commands: undefined (a null array) when a WATCHed key changed, else one
   * reply per command. The whole batch runs at one frozen time and logs as one unit.
   */
  exec(commands: readonly (readonly string[])[], session: Session): Reply[] | undefined {
    if (session.isWatchDirty) {
      this.unwatch(session);
      return undefined;
    }
    this.unwatch(session);
    this.#unitTimeMs = this.clock.now();
    this.#currentClient ??= session;
    const wasInTransaction = session.inTransaction;
    session.inTransaction = true;
    // EXEC is one command to maxmemory: memory is checked (and evicted) once, and the queued
    // commands see that state, as the commands a script runs do.
    const isTopLevel = this.#depth === 0;
    if (isTopLevel) {
      this.refuseForMemory(EXEC_LIKE);
    }
    this.#depth++;
    try {
      // Redis writes EXEC's `*N` header, then each command's output in order, pushes included
      // (SUBSCRIBE a b answers twice). The same bytes: the first N messages are EXEC's items,
      // the rest are pushed after it.
      const messages: Reply[] = [];
      for (const argv of commands) {
        const { result, pushes } = session.capturePushes(() => this.#run(argv, session));
        messages.push(...pushes, result.kind === "blocked" ? result.timeoutReply : result);
      }
      for (const message of messages.slice(commands.length)) {
        session.push(message);
      }
      return messages.slice(0, commands.length);
    } finally {
      this.#depth--;
      session.inTransaction = wasInTransaction;
      this.#endUnit();
    }
  }

  runUnit<T>(atMs: number, body: () => T): T {
    const ownsUnit = this.#unitTimeMs === undefined;
    if (ownsUnit) {
      this.#unitTimeMs = atMs;
    }
    try {
      return body();
    } finally {
      if (ownsUnit) {
        this.#endUnit();
      }
    }
  }

  busyError(command: Command): string | undefined {
    const busy = this.#busyScript;
    if (busy === undefined || command.flags.has("allow_busy")) {
      return undefined;
    }
    return busy === "eval" ? ERR.BUSY_EVAL : ERR.BUSY_FUNCTION;
  }

  /** The script running in slices past busy-reply-threshold, if any (other clients get BUSY). */
  get #busyScript(): "eval" | "function" | undefined {
    return this.#scripting?.busy?.kind;
  }

  /**
   * Runs a command a running script's `redis.call` found and checked (lookup, arity and ACL, as
   * scriptCall does), inside the script's unit: `resolved` is kept by the caller and passed again
   * for every call of the same command, so nothing is looked up or allocated for it here.
   */
  executeResolved(argv: readonly string[], session: Session, resolved: Resolved): CommandResult {
    if (this.#unitTimeMs === undefined) {
      return this.execute(argv, session, resolved.command);
    }
    return this.#runResolved(argv, session, resolved);
  }

  #run(argv: readonly string[], session: Session, lookedUp?: Command): CommandResult {
    const resolution =
      lookedUp === undefined
        ? resolveCommand(this.commands, argv)
        : resolveLookedUp(lookedUp, argv);
    if (!resolution.ok) {
      return this.rejectLookup(argv, resolution.error);
    }
    return this.#runResolved(argv, session, resolution);
  }

  #runResolved(argv: readonly string[], session: Session, resolved: Resolved): CommandResult {
    const { command, start } = resolved;
    // ACL check before anything runs or is observed (src/server.c processCommand). A script's
    // commands were checked by its redis.call with the same user, command and time (scriptCall),
    // and a user with no limits (the default user) needs no request object made for it.
    const denial =
      session.inScript || this.acl.isUnrestricted(session)
        ? undefined
        : this.acl.check(session, { command, argv, nowMs: this.commandTimeMs });
    if (denial !== undefined) {
      return this.rejectCall(command, denial);
    }
    const memoryRefusal =
      this.#depth === 0 ? this.refuseForMemory(command) : this.#nestedOom(command);
    if (memoryRefusal !== undefined) {
      return memoryRefusal;
    }
    // processCommand: while a script is busy only allow_busy commands run (the script's own run).
    const busy = session.inScript ? undefined : this.busyError(command);
    if (busy !== undefined) {
      // processCommand's rejectCommand: counted in errorstats and the command's rejected_calls.
      return this.rejectCall(command, busy);
    }
    session.lastCommand = command.fullName;
    session.lastInteractionMs = this.#unitTimeMs ?? this.clock.now();
    this.stats.commandsProcessed++;
    this.#feedMonitors(command, argv, session);
    const context = new Context(this, session, argv);
    const dirtyBefore = this.stats.dirty;
    const effectsBefore = this.#pendingEffects.length;
    // Timing every call costs more than a short command itself: one call in TIMING_SAMPLE is
    // timed and counts for TIMING_SAMPLE (commandstats' usec is an estimate).
    const isTimed = (this.#timingCounter++ & (TIMING_SAMPLE - 1)) === 0;
    const startedAt = isTimed ? performance.now() : 0;
    // A NO-TOUCH client's lookups leave access times alone, TOUCH's own excepted; the commands a
    // script runs follow its caller (src/db.c lookupKey reads the current client).
    const touchedKeys = this.#touchesKeys;
    this.#touchesKeys = touchedKeys && !(session.isNoTouch && command.name !== "TOUCH");
    let result: CommandResult;
    this.#depth++;
    try {
      result = this.#runCommand(context, command, start);
    } finally {
      this.#depth--;
      this.#touchesKeys = touchedKeys;
    }
    if (result.kind === "error" && !isCountedError(result)) {
      this.callStats.recordErrorReply(result.message);
    }
    if (result.kind !== "blocked") {
      const usec = isTimed ? Math.round((performance.now() - startedAt) * 1000 * TIMING_SAMPLE) : 0;
      this.callStats.called(command.fullName, usec, result);
    }
    this.#rememberTrackedKeys(command, argv);
    // A command that ran others through the engine (a script's redis.call) is logged as their
    // effects, never as itself, unless it chose its own (STYLE.md §7.5). Nothing is gathered
    // while nobody logs (no data directory): an object per write that #endUnit would drop.
    const ranOthers = this.#pendingEffects.length !== effectsBefore;
    if (
      this.#effectsListener !== undefined &&
      (context.effects !== undefined || (this.stats.dirty !== dirtyBefore && !ranOthers))
    ) {
      for (const effect of context.effects ?? [argv]) {
        this.#pendingEffects.push({ db: context.db.index, argv: effect });
      }
    }
    return result;
  }

  /**
   * `trackingRememberKeys` after a read-only command (even one that answered an error, as Redis
   * does): the keys it named, for the client it ran for, when that client tracks them.
   */
  #rememberTrackedKeys(command: Command, argv: readonly string[]): void {
    const client = this.#currentClient;
    if (
      client?.tracking === undefined ||
      !command.flags.has("readonly") ||
      command.flags.has("pubsub") ||
      UNTRACKED_READS.has(command.fullName)
    ) {
      return;
    }
    const positions = keyPositions(command, argv);
    if (positions.length > 0) {
      this.tracking.remember(
        client,
        positions.map((position) => argv[position] ?? ""),
      );
    }
  }

  /**
   * Ends a command as Redis's `resetClient` does for tracking: `CLIENT CACHING yes|no` holds for
   * the next command only (every CLIENT subcommand and a whole MULTI…EXEC keep it). The connection
   * calls it after each command it ran.
   */
  commandEnded(session: Session, commandName: string | undefined): void {
    const state = session.tracking;
    const isClient = commandName === "CLIENT" || commandName?.startsWith("CLIENT|") === true;
    if (state !== undefined && !isClient && session.queuedCommands === undefined) {
      state.isCachingGiven = false;
    }
  }

  /** Runs `command` with its arguments from `start` of the context's argv; errors become replies. */
  #runCommand(context: Context, command: Command, start: number): CommandResult {
    try {
      return command.execute(context, new Args(context.argv, start));
    } catch (error: unknown) {
      if (error instanceof ReplyError) {
        return reply.error(error.reply);
      }
      // A string over V8's limit that no explicit check caught (a script's result, a DUMP payload,
      // a JSON document, a SORT GET pattern): the engine's limit, not a bug. Commands build a new
      // value before they store it, so the key is normally left as it was.
      if (isStringTooLongError(error)) {
        return reply.error(ERR.STRING_OVER_ENGINE_LIMIT);
      }
      // Likewise a value or path nested past what the recursive walks follow; reads and the
      // walk that finds a write's place come before any change.
      if (isStackOverflowError(error)) {
        return reply.error(NESTING_OVER_ENGINE_LIMIT);
      }
      this.#options.onInternalError?.(error, context.argv);
      return reply.error("ERR internal emulator error");
    }
  }

  /**
   * `rejectCommand`: the error reply of a command refused before it ran (an unknown command, a wrong
   * arity, an ACL denial, a script's refused write), counted in errorstats and, when the command is
   * known, in its `rejected_calls`. Scripts and the MULTI queue answer their refusals through it.
   */
  rejectCall(command: Command | undefined, message: string): Reply {
    this.callStats.recordErrorReply(message);
    this.callStats.rejected(command?.fullName);
    return countedError(message);
  }

  // ---- maxmemory ------------------------------------------------------------------------------

  /** The accounted size of the data while `maxmemory` is set. */
  get dataMemory(): number | undefined {
    this.#refreshMemoryLimit();
    return this.#memory?.total;
  }

  /**
   * processCommand's maxmemory step: evicts under the policy until memory is within `maxmemory`,
   * then refuses a `denyoom` command with OOM if it is not. The MULTI queue asks it for each
   * queued command (a refusal makes EXEC answer EXECABORT).
   */
  refuseForMemory(command: Command, options?: { isQueued?: boolean }): Reply | undefined {
    this.#refreshMemoryLimit();
    if (this.#memory === undefined) {
      this.#isOutOfMemory = false;
      return undefined;
    }
    this.#isOutOfMemory = !this.#evictToLimit(this.#memory);
    return this.#nestedOom(command, options);
  }

  /**
   * Commands a script or EXEC runs see the memory state their caller started with. Queueing in
   * MULTI is refused for every command, since the queue itself grows (processCommand).
   */
  #nestedOom(command: Command, options?: { isQueued?: boolean }): Reply | undefined {
    // No default `{}` for `options`: this runs for every command, and a default is a new object.
    return this.#isOutOfMemory && (options?.isQueued === true || command.flags.has("denyoom"))
      ? this.rejectCall(command, ERR.OOM)
      : undefined;
  }

  #refreshMemoryLimit(): void {
    if (this.#memoryRevision === this.config.revision) {
      return;
    }
    this.#memoryRevision = this.config.revision;
    this.#maxmemory = Number(this.config.value("maxmemory"));
    if (this.#maxmemory > 0) {
      this.#memory ??= new MemoryAccounting(this.databases, this.config);
    } else {
      this.#memory = undefined;
    }
  }

  /** performEvictions: whether memory is now within the limit. */
  #evictToLimit(memory: MemoryAccounting): boolean {
    const policy = this.config.value("maxmemory-policy") as EvictionPolicy;
    const samples = this.config.number("maxmemory-samples");
    while (memory.total > this.#maxmemory) {
      const victim = pickVictim({
        databases: this.databases,
        policy,
        samples,
        access: this.accessPolicy,
        nowMs: this.commandTimeMs,
        random: () => this.random(),
        pool: this.#evictionPool,
      });
      if (victim === undefined) {
        return false;
      }
      const { db, key } = victim;
      db.delete(key);
      this.stats.evictedKeys++;
      this.keyModified(db.index, key);
      this.notifyKeyspaceEvent({ type: "e", event: "evicted", key, db: db.index });
      this.#pendingEffects.push({ db: db.index, argv: ["DEL", key] });
    }
    return true;
  }

  /**
   * {@link rejectCall} for a lookup or arity error of `argv`: a wrong arity counts in the command's
   * `rejected_calls`, an unknown command or subcommand in no command's.
   */
  rejectLookup(argv: readonly string[], error: string): Reply {
    const known = findCommand(this.commands, argv);
    const isArity = known !== undefined && error === ERR.WRONG_ARITY(known.fullName);
    return this.rejectCall(isArity ? known : undefined, error);
  }

  /**
   * A command the connection answered without the dispatcher (MULTI, EXEC, DISCARD, WATCH inside
   * MULTI): counted as a call, failed when its reply is an error.
   */
  recordAnsweredCall(command: Command, answer: Reply): void {
    if (answer.kind === "error" && !isCountedError(answer)) {
      this.callStats.recordErrorReply(answer.message);
    }
    this.callStats.called(command.fullName, 0, answer);
  }

  #endUnit(): void {
    this.#unitTimeMs = undefined;
    this.#currentClient = undefined;
    if (this.#pendingEffects.length > 0) {
      const effects = this.#pendingEffects;
      this.#pendingEffects = [];
      this.#effectsListener?.(effects);
    }
    // Between a busy script's slices blocked clients wait: Redis serves them once it ends.
    if (this.#readyKeys.size > 0 && this.#busyScript === undefined) {
      this.#serveBlocked();
    }
  }

  // ---- monitor --------------------------------------------------------------------------------

  /** Calls `listener` with every command executed from now on (MONITOR); returns the detach. */
  monitor(listener: (command: ExecutedCommand) => void): () => void {
    this.#monitors.add(listener);
    return () => this.#monitors.delete(listener);
  }

  #feedMonitors(command: Command, argv: readonly string[], session: Session): void {
    // Redis hides admin commands and those flagged skip_monitor (src/server.c call()).
    if (
      this.#monitors.size === 0 ||
      command.flags.has("skip_monitor") ||
      command.flags.has("admin")
    ) {
      return;
    }
    const executed: ExecutedCommand = {
      timeMs: this.clock.now(),
      db: session.dbIndex,
      address: session.address,
      argv,
      session,
    };
    for (const listener of this.#monitors) {
      try {
        listener(executed);
      } catch (error: unknown) {
        // A line quoting an argument near the engine's limit is longer than a string can be: those
        // monitors miss it, rather than the sender's command failing.
        if (!isStringTooLongError(error)) {
          throw error;
        }
      }
    }
  }

  // ---- keyspace changes -----------------------------------------------------------------------

  /** signalModifiedKey + notifyKeyspaceEvent + dirty++ for `key` in database `db`. */
  keyModified(db: number, key: string): void {
    this.#keyChanged(db, key, this.#currentClient);
  }

  /**
   * signalModifiedKey: WATCH, blocked clients, search indexes and client-side caching. `changedBy`
   * is the client that changed it (none for expiry and eviction), for BCAST's NOLOOP.
   */
  #keyChanged(db: number, key: string, changedBy: Session | undefined): void {
    this.search.keyChanged(db, key);
    // Asked first so that no write builds the options object while nobody tracks keys.
    if (this.tracking.isTracking) {
      this.tracking.invalidate(key, { current: this.#currentClient, changedBy });
    }
    if (this.#memory !== undefined) {
      const database = this.databases[db];
      if (database !== undefined) {
        this.#memory.keyChanged(database, key);
      }
    }
    if (this.#watchers.size === 0 && this.#waiters.size === 0) {
      // Nobody WATCHes or waits: no slot string to build on every write.
      return;
    }
    const id = slot(db, key);
    const watchers = this.#watchers.get(id);
    if (watchers !== undefined) {
      for (const session of watchers) {
        session.isWatchDirty = true;
      }
    }
    if (this.#waiters.has(id)) {
      this.#readyKeys.add(id);
    }
  }

  /** The maxmemory policy's view of access stamps, derived again only when the config changed. */
  get accessPolicy(): AccessPolicy {
    if (this.#accessPolicy === undefined || this.#accessPolicyRevision !== this.config.revision) {
      this.#accessPolicyRevision = this.config.revision;
      this.#accessPolicy = {
        isLfu: this.config.value("maxmemory-policy").includes("lfu"),
        logFactor: this.config.number("lfu-log-factor"),
        decayMinutes: this.config.number("lfu-decay-time"),
      };
    }
    return this.#accessPolicy;
  }

  storedStamp(previous: number | undefined): number {
    const policy = this.accessPolicy;
    // dbSetValue: an overwritten value keeps its LFU counter; under LRU it is new, so used now.
    return previous !== undefined && policy.isLfu
      ? previous
      : freshStamp(policy, this.commandTimeMs);
  }

  touchedStamp(previous: number): number | undefined {
    if (!this.#touchesKeys) {
      return undefined;
    }
    const policy = this.accessPolicy;
    if (!policy.isLfu) {
      return freshStamp(policy, this.commandTimeMs);
    }
    return touchedStamp(previous, {
      policy,
      nowMs: this.commandTimeMs,
      random: () => this.random(),
    });
  }

  keyExpired(db: Database, key: string): void {
    this.stats.expiredKeys++;
    this.#keyChanged(db.index, key, undefined);
    this.notifyKeyspaceEvent({ type: "x", event: "expired", key, db: db.index });
  }

  /** Publishes a keyspace/keyevent notification when `notify-keyspace-events` enables it. */
  notifyKeyspaceEvent(event: { type: NotifyClass; event: string; key: string; db: number }): void {
    // Read once per CONFIG change, not per write: every modified key comes through here.
    if (this.#notifyFlagsRevision !== this.config.revision) {
      this.#notifyFlagsRevision = this.config.revision;
      this.#notifyFlags = this.config.value("notify-keyspace-events");
    }
    const flags = this.#notifyFlags;
    if (
      flags === "" ||
      !(flags.includes(event.type) || (flags.includes("A") && "g$lshzxet".includes(event.type)))
    ) {
      return;
    }
    if (flags.includes("K")) {
      this.pubsub.publish(`__keyspace@${event.db}__:${event.key}`, event.event);
    }
    if (flags.includes("E")) {
      this.pubsub.publish(`__keyevent@${event.db}__:${event.event}`, event.key);
    }
  }

  flush(dbIndex?: number): void {
    const targets = dbIndex === undefined ? this.databases : [this.databases[dbIndex]];
    for (const db of targets) {
      if (db === undefined) {
        continue;
      }
      this.#touchWatchedKeysOf(db);
      this.#wakeWaitersOf(db);
      db.clear();
      this.#memory?.databaseCleared(db.index);
      this.search.databaseCleared(db.index);
    }
    this.tracking.invalidateAll(this.#sessions.values());
    this.stats.dirty++;
  }

  swapDatabases(a: number, b: number): void {
    const first = this.databases[a];
    const second = this.databases[b];
    if (first === undefined || second === undefined || a === b) {
      return;
    }
    this.#touchWatchedKeysOf(first, second);
    this.#touchWatchedKeysOf(second, first);
    this.#wakeWaitersOf(first, second);
    this.#wakeWaitersOf(second, first);
    first.swapWith(second);
    this.#memory?.databasesSwapped(a, b);
    this.search.databasesReplaced([a, b]);
    this.stats.dirty++;
  }

  save(): boolean {
    if (this.#options.save === undefined) {
      return false;
    }
    this.#options.save();
    this.lastSaveMs = this.clock.now();
    this.stats.dirty = 0;
    return true;
  }

  // ---- WATCH ----------------------------------------------------------------------------------

  watch(session: Session, keys: readonly string[]): void {
    for (const key of keys) {
      const id = slot(session.dbIndex, key);
      if (session.watchedKeys.has(id)) {
        continue;
      }
      session.watchedKeys.add(id);
      let sessions = this.#watchers.get(id);
      if (sessions === undefined) {
        sessions = new Set();
        this.#watchers.set(id, sessions);
      }
      sessions.add(session);
    }
  }

  unwatch(session: Session): void {
    for (const id of session.watchedKeys) {
      const sessions = this.#watchers.get(id);
      sessions?.delete(session);
      if (sessions?.size === 0) {
        this.#watchers.delete(id);
      }
    }
    session.watchedKeys.clear();
    session.isWatchDirty = false;
  }

  /**
   * Redis's `touchAllWatchedKeysInDb` (7.0+): emptying `db` (FLUSHDB, FLUSHALL) or replacing it
   * with `replacedWith` (SWAPDB) dirties only the watched keys it held, or that the replacement
   * holds; a watched key that existed in neither is unchanged, so its EXEC still runs.
   */
  #touchWatchedKeysOf(db: Database, replacedWith?: Database): void {
    const prefix = `${db.index}\0`;
    for (const [id, sessions] of this.#watchers) {
      if (!id.startsWith(prefix)) {
        continue;
      }
      const key = id.slice(prefix.length);
      if (db.holds(key) || replacedWith?.holds(key) === true) {
        for (const session of sessions) {
          session.isWatchDirty = true;
        }
      }
    }
  }

  /**
   * Emptying or replacing `db` reruns the commands blocked on keys it held or that the replacement
   * holds (src/db.c `scanDatabaseForDeletedKeys`/`scanDatabaseForReadyKeys`): a blocked XREADGROUP
   * whose stream went answers at once, a BLPOP whose list arrived with SWAPDB is served.
   */
  #wakeWaitersOf(db: Database, replacedWith?: Database): void {
    const prefix = `${db.index}\0`;
    for (const id of this.#waiters.keys()) {
      if (!id.startsWith(prefix)) {
        continue;
      }
      const key = id.slice(prefix.length);
      if (db.holds(key) || replacedWith?.holds(key) === true) {
        this.#readyKeys.add(id);
      }
    }
  }

  // ---- blocked clients ------------------------------------------------------------------------

  /**
   * Waits for a blocked command: it is run again whenever one of its keys changes, and answers its
   * timeout reply when the deadline passes. Resolves once; cancelled by `closeSession`. A busy
   * script's reply (`pending`) comes when it ends.
   */
  waitFor(blocked: BlockedReply, argv: readonly string[], session: Session): Promise<Reply> {
    if (blocked.pending !== undefined) {
      // A busy script's reply reaches its caller here, not through the dispatcher's return: its
      // call, its time and its final error (SCRIPT KILL's, or redis.error_reply's) count now, as
      // Redis counts a script that ends inside `call`.
      const startedAt = performance.now();
      return blocked.pending.then((answer) => {
        this.#countEndedWait(argv, {
          answer,
          usec: Math.round((performance.now() - startedAt) * 1000),
        });
        return answer;
      });
    }
    return new Promise((settle) => {
      session.isBlocked = true;
      const resolve = (reply: Reply, options: { isServed?: boolean } = {}): void => {
        session.isBlocked = false;
        // A served command ran again through the dispatcher, which counted it; a timeout or
        // CLIENT UNBLOCK ends it here (updateStatsOnUnblock: a call, failed with an error).
        if (options.isServed !== true) {
          this.#countEndedWait(argv, { answer: reply, usec: 0 });
        }
        settle(reply);
      };
      const waiter: Waiter = { session, argv, blocked, resolve, timer: undefined, isServed: false };
      for (const key of blocked.keys) {
        const id = slot(blocked.db, key);
        const queue = this.#waiters.get(id);
        if (queue === undefined) {
          this.#waiters.set(id, [waiter]);
        } else {
          queue.push(waiter);
        }
      }
      if (blocked.deadlineMs !== undefined) {
        waiter.timer = this.clock.setTimer(blocked.deadlineMs - this.clock.now(), () => {
          this.#removeWaiter(waiter);
          resolve(blocked.timeoutReply);
        });
      }
    });
  }

  /**
   * CLIENT UNBLOCK: ends the blocking command of session `id` at once, with its timeout reply or
   * (`error`) the UNBLOCKED error; false when that session is not blocked by a command.
   */
  unblock(id: number, options: { error?: string }): boolean {
    for (const queue of this.#waiters.values()) {
      const waiter = queue.find((candidate) => candidate.session.id === id && !candidate.isServed);
      if (waiter !== undefined) {
        waiter.isServed = true;
        this.#removeWaiter(waiter);
        waiter.timer?.cancel();
        waiter.resolve(
          options.error === undefined ? waiter.blocked.timeoutReply : reply.error(options.error),
        );
        return true;
      }
    }
    return false;
  }

  #serveBlocked(): void {
    // Serving runs commands, whose units end here again: only the outermost call serves, and it
    // loops until no key is ready, so one push of several elements serves several clients in
    // arrival order, each exactly once (src/blocked.c handleClientsBlockedOnKeys).
    if (this.#isServingBlocked) {
      return;
    }
    this.#isServingBlocked = true;
    try {
      while (this.#readyKeys.size > 0) {
        const ready = [...this.#readyKeys];
        this.#readyKeys.clear();
        for (const id of ready) {
          for (const waiter of [...(this.#waiters.get(id) ?? [])]) {
            if (waiter.isServed) {
              continue;
            }
            const result = this.execute(waiter.argv, waiter.session);
            if (result.kind !== "blocked") {
              waiter.isServed = true;
              this.#removeWaiter(waiter);
              waiter.timer?.cancel();
              waiter.resolve(result, { isServed: true });
            }
          }
        }
      }
    } finally {
      this.#isServingBlocked = false;
    }
  }

  /** The stats of a command that waited (blocked, or a busy script) and has now answered. */
  #countEndedWait(argv: readonly string[], call: { answer: Reply; usec: number }): void {
    if (call.answer.kind === "error" && !isCountedError(call.answer)) {
      this.callStats.recordErrorReply(call.answer.message);
    }
    const command = findCommand(this.commands, argv);
    if (command !== undefined) {
      this.callStats.called(command.fullName, call.usec, call.answer);
    }
  }

  #removeWaiter(waiter: Waiter): void {
    for (const key of waiter.blocked.keys) {
      const id = slot(waiter.blocked.db, key);
      const queue = this.#waiters.get(id)?.filter((other) => other !== waiter);
      if (queue === undefined || queue.length === 0) {
        this.#waiters.delete(id);
      } else {
        this.#waiters.set(id, queue);
      }
    }
  }

  #cancelWaiters(session: Session): void {
    for (const queue of [...this.#waiters.values()]) {
      for (const waiter of queue) {
        if (waiter.session === session) {
          session.isBlocked = false;
          waiter.timer?.cancel();
          this.#removeWaiter(waiter);
        }
      }
    }
  }

  // ---- active expiry --------------------------------------------------------------------------

  #scheduleSweep(): void {
    this.#sweepTimer = this.clock.setTimer(SWEEP_INTERVAL_MS, () => {
      this.sweepExpired();
      this.#scheduleSweep();
    });
  }

  /** One active-expiry cycle over every database (Redis's activeExpireCycle, simplified). */
  sweepExpired(): number {
    // Not between a busy script's slices: its keys must not expire under it.
    if (this.#busyScript !== undefined) {
      return 0;
    }
    this.#unitTimeMs = this.clock.now();
    let removed = 0;
    try {
      for (const db of this.databases) {
        // Keep going while a quarter or more of the sampled keys were expired, as Redis does.
        for (let round = 0; round < 16; round++) {
          const expired = db.sweepExpired(SWEEP_BUDGET);
          removed += expired;
          if (expired < SWEEP_BUDGET / 4) {
            break;
          }
        }
      }
    } finally {
      this.#endUnit();
    }
    return removed;
  }

  /** Stops the engine's timers. */
  close(): void {
    this.#sweepTimer?.cancel();
    this.pauses.close();
    this.#scripting?.abortBusy();
    for (const session of [...this.#sessions.values()]) {
      this.closeSession(session);
    }
  }
}

/** One command in this many (a power of two) is timed for INFO commandstats' `usec`. */
const TIMING_SAMPLE = 16;

/** What `refuseForMemory` needs of EXEC: it is not `denyoom` itself. */
const EXEC_LIKE = COMMAND_TABLE.get("EXEC") as Command;

function slot(db: number, key: string): string {
  return `${db}\0${key}`;
}

/** The `CommandContext` of one command execution. */
class Context implements CommandContext {
  readonly server: Engine;
  readonly session: Session;
  readonly argv: readonly string[];
  effects: (readonly string[])[] | undefined;

  constructor(engine: Engine, session: Session, argv: readonly string[]) {
    this.server = engine;
    this.session = session;
    this.argv = argv;
  }

  get db(): Database {
    const db = this.server.databases[this.session.dbIndex];
    if (db === undefined) {
      throw new ReplyError(ERR.DB_INDEX_OUT_OF_RANGE);
    }
    return db;
  }

  get now(): number {
    return this.server.commandTimeMs;
  }

  modified(key: string, event: string, type: NotifyClass): void {
    const db = this.session.dbIndex;
    this.server.keyModified(db, key);
    this.server.notifyKeyspaceEvent({ type, event, key, db });
    this.server.stats.dirty++;
  }

  notify(event: string, key: string, type: NotifyClass): void {
    this.server.notifyKeyspaceEvent({ type, event, key, db: this.session.dbIndex });
  }

  propagate(argv: readonly string[]): void {
    // Effects are read only by the storage log (#run): without one, nothing to gather.
    if (!this.server.logsEffects) {
      return;
    }
    this.effects ??= [];
    this.effects.push(argv);
  }

  block(options: {
    keys: readonly string[];
    timeoutMs: number;
    timeoutReply: Reply;
  }): CommandResult {
    if (!this.session.canBlock) {
      return options.timeoutReply;
    }
    return {
      kind: "blocked",
      keys: options.keys,
      db: this.session.dbIndex,
      deadlineMs: options.timeoutMs === 0 ? undefined : this.now + options.timeoutMs,
      timeoutReply: options.timeoutReply,
    };
  }

  countLookup(hit: boolean): void {
    if (hit) {
      this.server.stats.keyspaceHits++;
    } else {
      this.server.stats.keyspaceMisses++;
    }
  }
}
