/**
 * The proxy's command timeout (`--redis-command-timeout-ms`): how long a connection may wait for
 * the reply at the head of its queue before Redis counts as stalled.
 *
 * The clock runs as Envoy's Redis proxy runs its `op_timeout`: it starts when a command is written
 * to an idle connection and restarts at every reply, since Redis answers a connection's commands in
 * order and each reply means it has moved on to the next. A long pipeline that Redis is working
 * through never times out; a Redis that stops answering (SIGSTOP, a stuck script) times out within
 * one timeout of its last reply.
 *
 * Blocking commands wait on purpose: their own timeout is added to the allowance, and one that
 * blocks forever (timeout 0) is exempt. Pushes (pub/sub messages, MONITOR lines) are not replies,
 * so subscriptions and MONITOR streams, which await none, never time out.
 */
import { asciiUpper } from "../argv.ts";
import type { Argv } from "../backend.ts";

/**
 * The default: Redis's own threshold for a command that runs too long (`busy-reply-threshold`, ex
 * `lua-time-limit`, 5000 ms, after which it answers other clients BUSY), as StackExchange.Redis's
 * default sync timeout. A healthy Redis answers in well under a millisecond.
 */
export const DEFAULT_COMMAND_TIMEOUT_MS = 5000;

/** `setTimeout` takes at most a signed 32-bit delay; longer waits are checked again when it fires. */
const MAX_TIMER_MS = 2_147_483_647;

/** Blocking commands whose timeout is the last argument, in seconds (`timeout 0` = forever). */
const LAST_ARGUMENT_SECONDS = new Set([
  "BLPOP",
  "BRPOP",
  "BRPOPLPUSH",
  "BLMOVE",
  "BZPOPMIN",
  "BZPOPMAX",
]);
/** Blocking commands whose timeout comes first (`BLMPOP timeout numkeys …`), in seconds. */
const FIRST_ARGUMENT_SECONDS = new Set(["BLMPOP", "BZMPOP"]);
/** Blocking commands whose timeout is in milliseconds, and where it is. */
const MILLISECONDS_AT: ReadonlyMap<string, number> = new Map([
  ["WAIT", 2], // WAIT numreplicas timeout
  ["WAITAOF", 3], // WAITAOF numlocal numreplicas timeout
]);

/**
 * How long `argv` may block on purpose: 0 for a command that does not block, `Infinity` for one that
 * blocks until served (timeout 0). A timeout Redis will refuse (negative, not a number) counts as
 * 0: Redis answers at once with an error.
 */
export function blockingAllowanceMs(argv: Argv): number {
  const name = asciiUpper(argv[0] ?? "");
  if (LAST_ARGUMENT_SECONDS.has(name)) {
    return timeoutMs(argv.at(-1), 1000);
  }
  if (FIRST_ARGUMENT_SECONDS.has(name)) {
    return timeoutMs(argv[1], 1000);
  }
  const position = MILLISECONDS_AT.get(name);
  if (position !== undefined) {
    return timeoutMs(argv[position], 1);
  }
  if (name === "XREAD" || name === "XREADGROUP") {
    // Options precede STREAMS; only a BLOCK among them makes XREAD wait.
    for (let index = 1; index < argv.length - 1; index++) {
      const token = asciiUpper(argv[index] ?? "");
      if (token === "STREAMS") {
        return 0;
      }
      if (token === "BLOCK") {
        return timeoutMs(argv[index + 1], 1);
      }
    }
  }
  return 0;
}

function timeoutMs(text: string | undefined, unitMs: number): number {
  const value = Number(text);
  if (text === undefined || text.trim() === "" || !Number.isFinite(value) || value < 0) {
    return 0;
  }
  return value === 0 ? Number.POSITIVE_INFINITY : value * unitMs;
}

export interface ReplyTimerOptions {
  /** The command timeout; must be positive (0 disables the timeout: create no timer). */
  readonly timeoutMs: number;
  /** Called once when the awaited reply is late; the owner then destroys the connection. */
  readonly onTimeout: (allowanceMs: number) => void;
}

/**
 * One connection's timer. The owner reports each reply it starts waiting for (`expect`) and when
 * nothing is awaited (`settle`). One `setTimeout` per connection, re-armed lazily when it fires
 * rather than per reply, so a busy connection pays a clock read per read, not a timer per reply.
 */
export class ReplyTimer {
  readonly #timeoutMs: number;
  readonly #onTimeout: (allowanceMs: number) => void;
  #sinceMs = 0;
  #allowanceMs = 0;
  #isWaiting = false;
  #timer: NodeJS.Timeout | undefined;
  #timerAtMs = 0;

  constructor(options: ReplyTimerOptions) {
    this.#timeoutMs = options.timeoutMs;
    this.#onTimeout = options.onTimeout;
  }

  /**
   * A reply is awaited from now: the command just written to an idle connection, or the next one
   * in line after a reply. `blockMs` is that command's own wait (`blockingAllowanceMs`).
   */
  expect(blockMs = 0): void {
    this.#sinceMs = performance.now();
    this.#allowanceMs = this.#timeoutMs + blockMs;
    this.#isWaiting = true;
    if (!Number.isFinite(this.#allowanceMs)) {
      return;
    }
    const deadlineMs = this.#sinceMs + this.#allowanceMs;
    // Only a timer set for a longer wait (a blocking command's) fires too late to keep.
    if (this.#timer === undefined || this.#timerAtMs > deadlineMs) {
      this.#arm(this.#allowanceMs);
    }
  }

  /** Nothing is awaited. The timer is left to lapse: cheaper than clearing it after every reply. */
  settle(): void {
    this.#isWaiting = false;
  }

  stop(): void {
    this.#isWaiting = false;
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #arm(delayMs: number): void {
    clearTimeout(this.#timer);
    const delay = Math.min(MAX_TIMER_MS, Math.max(1, Math.ceil(delayMs)));
    this.#timerAtMs = performance.now() + delay;
    this.#timer = setTimeout(() => this.#check(), delay);
    // The socket keeps the process alive while a reply is awaited; the timer need not.
    this.#timer.unref();
  }

  #check(): void {
    this.#timer = undefined;
    if (!this.#isWaiting || !Number.isFinite(this.#allowanceMs)) {
      return;
    }
    const remainingMs = this.#sinceMs + this.#allowanceMs - performance.now();
    if (remainingMs > 0) {
      this.#arm(remainingMs);
      return;
    }
    this.#isWaiting = false;
    this.#onTimeout(this.#allowanceMs);
  }
}
