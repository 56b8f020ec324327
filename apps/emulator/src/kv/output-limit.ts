/**
 * Output-buffer limits for clients that do not read (`client-output-buffer-limit`): a RESP
 * connection or an SSE stream whose waiting output reaches its class's hard limit, or stays at or
 * over the soft limit for longer than the soft seconds, is disconnected (src/networking.c
 * checkClientOutputBufferLimits). Pub/sub subscribers are in the `pubsub` class; RESP MONITOR
 * clients are `normal` clients, as in Redis (unlimited by default); SSE streams, `/monitor`
 * included, are all pushed to like subscribers and take the `pubsub` limits.
 */
import {
  type Clock,
  DEFAULT_OUTPUT_BUFFER_LIMIT,
  type Engine,
  type OutputBufferClass,
  type OutputBufferLimits,
  readOutputBufferLimits,
  systemClock,
  type TimerHandle,
} from "../engine/index.ts";

/** Where a backend's clients read their limits and time, and report a disconnection. */
export interface OutputLimitSource {
  /** Read on every check, so CONFIG SET applies to clients already connected. */
  limits(): OutputBufferLimits;
  readonly clock: Clock;
  /** Counts a disconnection (INFO's `client_output_buffer_limit_disconnections`). */
  onDisconnect(): void;
}

/** Redis's default limits on the system clock, counted nowhere: for backends without a config. */
export const DEFAULT_OUTPUT_LIMITS: OutputLimitSource = {
  limits: () => readOutputBufferLimits(DEFAULT_OUTPUT_BUFFER_LIMIT),
  clock: systemClock,
  onDisconnect: () => undefined,
};

/** The engine's `client-output-buffer-limit`, clock and INFO counter. */
export function engineOutputLimits(engine: Engine): OutputLimitSource {
  // Read after every reply: looked up again only when CONFIG SET changed something.
  let revision = -1;
  let limits = readOutputBufferLimits(DEFAULT_OUTPUT_BUFFER_LIMIT);
  return {
    limits: () => {
      if (engine.config.revision !== revision) {
        revision = engine.config.revision;
        limits = readOutputBufferLimits(engine.config.value("client-output-buffer-limit"));
      }
      return limits;
    },
    clock: engine.clock,
    onDisconnect: () => {
      engine.stats.clientOutputBufferLimitDisconnections++;
    },
  };
}

/** What a client has waiting for it now. */
export interface OutputBacklog {
  readonly clientClass: OutputBufferClass;
  readonly bytes: number;
}

export interface OutputLimitGuardOptions {
  readonly source: OutputLimitSource;
  readonly measure: () => OutputBacklog;
  /** Runs once, when the client goes over its limit; the caller closes it. */
  readonly onExceeded: () => void;
}

/** One client's limit check; `check()` after each write (and by itself when a soft limit runs out). */
export class OutputLimitGuard {
  readonly #options: OutputLimitGuardOptions;
  /** When the backlog was first seen at or over the soft limit (clock ms), since then continuously. */
  #softSince: number | undefined;
  #softTimer: TimerHandle | undefined;
  #isExceeded = false;

  constructor(options: OutputLimitGuardOptions) {
    this.#options = options;
  }

  /** True once the client went over its limit. */
  get isExceeded(): boolean {
    return this.#isExceeded;
  }

  /** Measures the backlog; true (and `onExceeded` has run) when the client is over its limit. */
  check(): boolean {
    if (this.#isExceeded) {
      return true;
    }
    const { source } = this.#options;
    const { clientClass, bytes } = this.#options.measure();
    const { hardBytes, softBytes, softSeconds } = source.limits()[clientClass];
    const isOverHard = hardBytes > 0 && bytes >= hardBytes;
    if (!isOverHard && !this.#isOverSoftTooLong(bytes >= softBytes && softBytes > 0, softSeconds)) {
      return false;
    }
    this.#isExceeded = true;
    this.dispose();
    source.onDisconnect();
    this.#options.onExceeded();
    return true;
  }

  /** Stops the soft-limit timer (the client has gone). */
  dispose(): void {
    this.#softTimer?.cancel();
    this.#softTimer = undefined;
  }

  #isOverSoftTooLong(isOverSoft: boolean, softSeconds: number): boolean {
    if (!isOverSoft) {
      this.#softSince = undefined;
      this.dispose();
      return false;
    }
    const { clock } = this.#options.source;
    const now = clock.now();
    if (this.#softSince === undefined) {
      this.#softSince = now;
      // A client nobody writes to any more is still closed when its time is up, as Redis's
      // clientsCron does (redis/redis#8833); the check then measures again.
      this.#softTimer = clock.setTimer(softSeconds * 1000 + 1, () => {
        this.#softTimer = undefined;
        this.check();
      });
      return false;
    }
    return now - this.#softSince > softSeconds * 1000;
  }
}

/** The limit on a push-to-pull queue of events waiting for a slow (SSE) reader. */
export interface QueueOutputLimit<TValue> {
  readonly source: OutputLimitSource;
  readonly clientClass: OutputBufferClass;
  /** About the bytes `item` takes on the wire. */
  readonly sizeOf: (item: TValue) => number;
  /** Runs once the queue has ended for going over the limit: the caller closes the client. */
  readonly onExceeded: () => void;
}

/** Counts the bytes a queue holds and checks them against its limit on every push. */
export class QueueLimiter<TValue> {
  readonly #sizeOf: (item: TValue) => number;
  readonly #guard: OutputLimitGuard;
  #bytes = 0;

  constructor(limit: QueueOutputLimit<TValue>, onExceeded: () => void) {
    this.#sizeOf = limit.sizeOf;
    this.#guard = new OutputLimitGuard({
      source: limit.source,
      measure: () => ({ clientClass: limit.clientClass, bytes: this.#bytes }),
      onExceeded,
    });
  }

  /** Counts a pushed item; true when the queue is now over its limit. */
  add(item: TValue): boolean {
    this.#bytes += this.#sizeOf(item);
    return this.#guard.check();
  }

  /** Uncounts an item the reader took. */
  remove(item: TValue): void {
    this.#bytes -= this.#sizeOf(item);
  }

  dispose(): void {
    this.#bytes = 0;
    this.#guard.dispose();
  }
}
