/**
 * The engine's only source of time (STYLE.md §7.4), so tests control expiry and timeouts.
 */

/** A cancellable timer handle. */
export interface TimerHandle {
  cancel(): void;
}

export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
  /** Runs `callback` once after `delayMs` of this clock's time. */
  setTimer(delayMs: number, callback: () => void): TimerHandle;
}

/** Wall-clock time; timers are unref'd so they never keep the process alive. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(delayMs, callback) {
    const timer = setTimeout(callback, Math.max(0, delayMs));
    timer.unref();
    return { cancel: () => clearTimeout(timer) };
  },
};

interface PendingTimer {
  readonly dueAt: number;
  readonly sequence: number;
  readonly callback: () => void;
  cancelled: boolean;
}

/** A clock that moves only when told to; due timers fire, in order, inside `advance()`. */
export class ManualClock implements Clock {
  #now: number;
  #sequence = 0;
  #timers: PendingTimer[] = [];

  constructor(startMs = Date.UTC(2026, 0, 1)) {
    this.#now = startMs;
  }

  now(): number {
    return this.#now;
  }

  setTimer(delayMs: number, callback: () => void): TimerHandle {
    const timer: PendingTimer = {
      dueAt: this.#now + Math.max(0, delayMs),
      sequence: this.#sequence++,
      callback,
      cancelled: false,
    };
    this.#timers.push(timer);
    return {
      cancel: () => {
        timer.cancelled = true;
      },
    };
  }

  /** Moves time forward by `ms`, firing every timer that falls due, earliest first. */
  advance(ms: number): void {
    const target = this.#now + ms;
    for (;;) {
      const next = this.#nextDue(target);
      if (next === undefined) {
        break;
      }
      this.#timers.splice(this.#timers.indexOf(next), 1);
      this.#now = Math.max(this.#now, next.dueAt);
      next.callback();
    }
    this.#now = target;
  }

  /** Sets the time (forward or back) without firing timers in between. */
  set(ms: number): void {
    this.#now = ms;
  }

  #nextDue(limit: number): PendingTimer | undefined {
    this.#timers = this.#timers.filter((timer) => !timer.cancelled);
    let next: PendingTimer | undefined;
    for (const timer of this.#timers) {
      if (
        timer.dueAt <= limit &&
        (next === undefined ||
          timer.dueAt < next.dueAt ||
          (timer.dueAt === next.dueAt && timer.sequence < next.sequence))
      ) {
        next = timer;
      }
    }
    return next;
  }
}
