/**
 * One client's state as the engine sees it: its selected database, name, watched keys and
 * subscriptions. RESP connections own one each; REST requests share a database-0 session.
 */
import type { Reply } from "./reply.ts";
import type { TrackingState } from "./tracking.ts";

/** Where pushed replies (pub/sub messages, subscribe confirmations) of a session go. */
export type PushSink = (message: Reply) => void;

export interface SessionOptions {
  readonly id: number;
  /** `ip:port` of the peer; REST uses `0.0.0.0:0` as the real service shows. */
  readonly address: string;
  readonly createdAtMs: number;
  /** Never blocks, never subscribes: REST callers. */
  readonly isStateless?: boolean;
  readonly push?: PushSink;
  /**
   * Closes the session's connection (CLIENT KILL): the owner ends it, after the current reply
   * when the session killed itself.
   */
  readonly onKill?: () => void;
}

export class Session {
  readonly id: number;
  readonly address: string;
  readonly createdAtMs: number;
  readonly isStateless: boolean;
  /** Sends a pushed reply, or collects it while `capturePushes` runs. */
  readonly push: PushSink;
  #captured: Reply[] | undefined;
  readonly #onKill: (() => void) | undefined;
  dbIndex = 0;
  name = "";
  libraryName = "";
  libraryVersion = "";
  lastCommand = "NULL";
  lastInteractionMs: number;
  /** True between MULTI and EXEC/DISCARD; commands then never block. */
  inTransaction = false;
  /** True while a script runs on this session's behalf. */
  inScript = false;
  /** Set when a WATCHed key changed: the next EXEC fails. */
  isWatchDirty = false;
  /** `db:key` → watched, for UNWATCH and cleanup. */
  readonly watchedKeys = new Set<string>();
  readonly channels = new Set<string>();
  readonly patterns = new Set<string>();
  /** True while a blocking command of the session waits (INFO's `blocked_clients`). */
  isBlocked = false;
  /** True while CLIENT PAUSE holds a command of the session back (the `b` flag). */
  isPaused = false;
  /** Set by CLIENT KILL and QUIT; the connection closes after the current reply. */
  isKilled = false;
  /** The ACL user the session is authenticated as (AUTH, HELLO AUTH). */
  user = "default";
  /** False while the connection still owes an AUTH (when the authenticator requires one). */
  isAuthenticated = true;
  /**
   * The RESP protocol version (HELLO). Commands answer in RESP2 terms whatever it is (the listener
   * gives replies their RESP3 shapes); it decides tracking messages and what CLIENT LIST shows.
   */
  protocol = 2;
  /** Shard channels (SSUBSCRIBE), a namespace apart from `channels` as in Redis. */
  readonly shardChannels = new Set<string>();
  /**
   * Commands queued since MULTI (`multi=` in CLIENT LIST), kept by the connection's
   * `TransactionQueue`; undefined outside MULTI.
   */
  queuedCommands: number | undefined;
  /** CLIENT NO-EVICT: shown as the `e` flag. */
  isNoEvict = false;
  /**
   * CLIENT NO-TOUCH: shown as the `T` flag; commands of this session do not update a key's access
   * time (OBJECT IDLETIME), except TOUCH.
   */
  isNoTouch = false;
  /** CLIENT TRACKING on: its mode; undefined while tracking is off (see `tracking.ts`). */
  tracking: TrackingState | undefined;
  /** Whether MONITOR is on (the `O` flag). */
  isMonitor = false;
  /** `ip:port` of the listener the client reached (`laddr`, CLIENT KILL LADDR); empty if none. */
  localAddress = "";

  constructor(options: SessionOptions) {
    this.id = options.id;
    this.address = options.address;
    this.createdAtMs = options.createdAtMs;
    this.lastInteractionMs = options.createdAtMs;
    this.isStateless = options.isStateless ?? false;
    this.#onKill = options.onKill;
    const sink = options.push ?? (() => undefined);
    this.push = (message) => {
      if (this.#captured === undefined) {
        sink(message);
      } else {
        this.#captured.push(message);
      }
    };
  }

  /**
   * Runs `body` with this session's pushes collected instead of sent (EXEC places them between the
   * queued commands' replies, as they are on Redis's wire).
   */
  capturePushes<T>(body: () => T): { readonly result: T; readonly pushes: readonly Reply[] } {
    const outer = this.#captured;
    const pushes: Reply[] = [];
    this.#captured = pushes;
    try {
      return { result: body(), pushes };
    } finally {
      this.#captured = outer;
    }
  }

  /** CLIENT KILL: marks the session and asks its owner to close the connection. */
  kill(): void {
    this.isKilled = true;
    this.#onKill?.();
  }

  /** Channels plus patterns: the count subscribe replies carry. */
  get subscriptionCount(): number {
    return this.channels.size + this.patterns.size;
  }

  /** Whether commands of this session may wait (not in MULTI, a script or a REST request). */
  get canBlock(): boolean {
    return !this.isStateless && !this.inTransaction && !this.inScript;
  }
}
