/**
 * CLIENT PAUSE / UNPAUSE (src/networking.c pauseClients, src/server.c processCommand): while a
 * pause lasts, a connection's command that it covers waits before it runs (every command with
 * ALL; writes, and commands that may write — EVAL, FCALL, PUBLISH, an EXEC with a write queued —
 * with WRITE). Waiting clients show the `b` flag; they run in arrival order when the pause ends
 * (its timeout, or CLIENT UNPAUSE).
 */
import type { Clock, TimerHandle } from "./clock.ts";
import type { Session } from "./session.ts";

export type PauseMode = "write" | "all";

interface Postponed {
  readonly session: Session;
  readonly isWrite: boolean;
  readonly resume: () => void;
}

export class ClientPauses {
  readonly #clock: Clock;
  #mode: PauseMode | undefined;
  #endsAtMs = 0;
  #timer: TimerHandle | undefined;
  #postponed: Postponed[] = [];

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  /** Whether a pause is in effect (cheap: checked before each request). */
  get isPausing(): boolean {
    return this.#mode !== undefined;
  }

  /**
   * Pauses until `untilMs`; a pause already in effect keeps the later end and the stricter mode,
   * as Redis's `pauseClients` does.
   */
  pause(mode: PauseMode, untilMs: number): void {
    if (this.#mode !== "all") {
      this.#mode = mode;
    }
    if (untilMs > this.#endsAtMs) {
      this.#endsAtMs = untilMs;
      this.#timer?.cancel();
      this.#timer = this.#clock.setTimer(untilMs - this.#clock.now(), () => this.unpause());
    }
  }

  /** Ends the pause; postponed commands run, in the order they arrived. */
  unpause(): void {
    this.#mode = undefined;
    this.#endsAtMs = 0;
    this.#timer?.cancel();
    this.#timer = undefined;
    const postponed = this.#postponed;
    this.#postponed = [];
    for (const waiter of postponed) {
      waiter.session.isPaused = false;
      waiter.resume();
    }
  }

  /**
   * Undefined when a command of `session` may run now; else a promise that settles when it may.
   * `isWrite`: the command writes or may write (Redis's `is_may_replicate_command`).
   */
  admit(session: Session, isWrite: boolean): Promise<void> | undefined {
    if (this.#mode === undefined || (this.#mode === "write" && !isWrite)) {
      return undefined;
    }
    return new Promise((resume) => {
      session.isPaused = true;
      this.#postponed.push({ session, isWrite, resume });
    });
  }

  /** A closing client's postponed command is dropped (it never runs). */
  forget(session: Session): void {
    this.#postponed = this.#postponed.filter((waiter) => waiter.session !== session);
  }

  /** Stops the pause timer (the engine closing). */
  close(): void {
    this.#timer?.cancel();
  }
}
