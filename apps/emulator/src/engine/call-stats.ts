/**
 * INFO `commandstats` and `errorstats` and `total_error_replies`, counted as Redis 7 counts them
 * (src/server.c `call`, `rejectCommand`, `afterErrorReply`, `incrCommandStatsOnError`):
 *
 * - every error reply counts once in `total_error_replies` and under its prefix (the text up to the
 *   first space within 32 characters; `ERR` when there is none) — an error a script passes on from
 *   `redis.call`/`redis.pcall` was counted when the command failed, so it is marked counted and the
 *   script's reply does not count it again;
 * - a command refused before it runs (wrong arity, ACL, a script's refusal of a write) counts a
 *   `rejected_calls`; a command that ran counts a call, and a `failed_calls` when an error was
 *   counted since the previous call ended (so EVAL, EXEC and the commands they run each count their
 *   own errors only).
 */
import type { Reply } from "./reply.ts";

export interface CommandStat {
  calls: number;
  usec: number;
  rejectedCalls: number;
  failedCalls: number;
}

/** ERRORSTATS_LIMIT: past this many prefixes, new ones count only in `total_error_replies`. */
const ERROR_PREFIX_LIMIT = 128;
/** How far `afterErrorReply` looks for the space that ends the prefix. */
const PREFIX_SEARCH = 32;

/** Error replies already counted where they were made (a script's `redis.call` error). */
const countedErrors = new WeakSet<Reply>();

/** An error reply whose error is already counted: the dispatcher does not count it again. */
export function countedError(message: string): Reply {
  const error: Reply = { kind: "error", message };
  countedErrors.add(error);
  return error;
}

export function isCountedError(error: Reply): boolean {
  return countedErrors.has(error);
}

/** The prefix an error counts under in `errorstats`. */
export function errorPrefix(message: string): string {
  const space = message.slice(0, PREFIX_SEARCH).indexOf(" ");
  return space > 0 ? message.slice(0, space) : "ERR";
}

export class CallStats {
  totalErrorReplies = 0;
  readonly #errors = new Map<string, number>();
  /** Full command name (`config|get`) → its counters. */
  readonly #commands = new Map<string, CommandStat>();
  /** `prev_err_count`: the error count when the last call ended. */
  #errorsAtLastCall = 0;

  /** Counts one error reply (`afterErrorReply`); scripts call it for errors they raise themselves. */
  recordErrorReply(message: string): void {
    this.totalErrorReplies++;
    const prefix = errorPrefix(message);
    const count = this.#errors.get(prefix);
    if (count !== undefined) {
      this.#errors.set(prefix, count + 1);
    } else if (this.#errors.size < ERROR_PREFIX_LIMIT) {
      this.#errors.set(prefix, 1);
    }
  }

  /**
   * A command that ran: a call, and a failed call when an error was counted since the last one.
   * `answer`: its reply; an error counted already (a script passing on `redis.call`'s error) still
   * fails the command, as `afterErrorReply` does for ERR_REPLY_FLAG_NO_STATS_UPDATE.
   */
  called(name: string, usec: number, answer: Reply): void {
    const stat = this.#commands.get(name) ?? this.#stat(name);
    stat.calls++;
    stat.usec += usec;
    // The WeakSet lookup only for errors: most answers are not.
    if (answer.kind === "error" && isCountedError(answer)) {
      stat.failedCalls++;
    }
    if (this.totalErrorReplies > this.#errorsAtLastCall) {
      stat.failedCalls++;
    }
    this.#errorsAtLastCall = this.totalErrorReplies;
  }

  /** A command refused before it ran (its error already recorded); undefined: an unknown command. */
  rejected(name: string | undefined): void {
    if (name !== undefined && this.totalErrorReplies > this.#errorsAtLastCall) {
      this.#stat(name).rejectedCalls++;
    }
    this.#errorsAtLastCall = this.totalErrorReplies;
  }

  /** `errorstat_<prefix>` counts, sorted as Redis's radix tree keeps them. */
  errors(): [string, number][] {
    return [...this.#errors].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }

  /** Every command with a call, rejection or failure, by name. */
  commands(): [string, CommandStat][] {
    return [...this.#commands].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }

  /** CONFIG RESETSTAT. */
  reset(): void {
    this.totalErrorReplies = 0;
    this.#errorsAtLastCall = 0;
    this.#errors.clear();
    this.#commands.clear();
  }

  #stat(name: string): CommandStat {
    let stat = this.#commands.get(name);
    if (stat === undefined) {
      stat = { calls: 0, usec: 0, rejectedCalls: 0, failedCalls: 0 };
      this.#commands.set(name, stat);
    }
    return stat;
  }
}
