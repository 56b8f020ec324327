/**
 * MULTI/EXEC as a connection runs it (src/multi.c, src/server.c processCommand). Between MULTI and
 * EXEC the connection hands every command to `handle`, which queues it (`QUEUED`) or answers at once
 * (errors, MULTI/EXEC/DISCARD/WATCH); EXEC runs the queue through the engine in one unit.
 *
 * Rules, as Redis applies them:
 * - an unknown command, a wrong arity or a `no_multi` command (SAVE, SHUTDOWN, …) is answered with its
 *   error and *flags* the transaction, so EXEC answers EXECABORT and discards it;
 * - MULTI inside MULTI and WATCH inside MULTI are answered with their own errors without flagging;
 * - EXEC with a wrong arity aborts: EXECABORT with the reason, the transaction (if any) and the
 *   WATCHes are discarded (`rejectCommand` → `execCommandAbort`);
 * - EXEC runs the queue unless a WATCHed key changed (then it answers a null array); either way the
 *   session's WATCHes end; DISCARD drops the queue and the WATCHes;
 * - QUIT and RESET are not queued: the connection runs them (RESET also ends the transaction here).
 */
import { asciiUpper } from "./bytes.ts";
import { isCountedError } from "./call-stats.ts";
import type { Command } from "./commands/define.ts";
import { resolveCommand } from "./commands/dispatch.ts";
import { ERR } from "./errors.ts";
import { type Reply, reply } from "./reply.ts";
import type { Session } from "./session.ts";

/** What the queue needs from the engine (`Engine` implements all of it). */
export interface TransactionHost {
  readonly commands: ReadonlyMap<string, Command>;
  /** Runs queued commands in one unit; undefined when a WATCHed key changed. */
  exec(commands: readonly (readonly string[])[], session: Session): Reply[] | undefined;
  unwatch(session: Session): void;
  /** BUSY while a script runs in slices, unless `command` may run then (allow_busy). */
  busyError(command: Command): string | undefined;
  /** The counted error of a command refused at lookup (unknown, wrong arity). */
  rejectLookup(argv: readonly string[], error: string): Reply;
  /** The counted error of a known command refused before it ran (`no_multi`). */
  rejectCall(command: Command | undefined, message: string): Reply;
  /** The OOM refusal of a command queued while memory is over `maxmemory`. */
  refuseForMemory(command: Command, options: { isQueued: boolean }): Reply | undefined;
  /** Counts a call of MULTI, EXEC, DISCARD or WATCH answered here (INFO commandstats). */
  recordAnsweredCall(command: Command, answer: Reply): void;
}

const QUEUED = reply.simple("QUEUED");
const ANSWERED_HERE: ReadonlySet<string> = new Set(["MULTI", "EXEC", "DISCARD", "WATCH"]);

export class TransactionQueue {
  readonly #host: TransactionHost;
  readonly #session: Session;
  #queued: (readonly string[])[] | undefined;
  #isFlagged = false;
  /** A queued command writes or may write: CLIENT PAUSE WRITE holds the EXEC. */
  #mayWrite = false;

  constructor(options: { host: TransactionHost; session: Session }) {
    this.#host = options.host;
    this.#session = options.session;
  }

  /** Whether a queued command writes or may write (Redis's `mstate.cmd_flags`). */
  get mayWrite(): boolean {
    return this.isActive && this.#mayWrite;
  }

  /** Whether MULTI was called and neither EXEC nor DISCARD yet. */
  get isActive(): boolean {
    return this.#queued !== undefined;
  }

  /**
   * The connection's entry point for every command: the reply when the transaction machinery
   * answers it (MULTI, EXEC, DISCARD, and anything sent after MULTI), or undefined when the
   * connection should execute it normally. `command`: what `findCommand` gave for `argv`, when
   * the connection has looked it up.
   */
  handle(argv: readonly string[], command?: Command): Reply | undefined {
    const name = command?.name ?? asciiUpper(argv[0] ?? "");
    const answer = this.#answer(argv, name);
    // MULTI, EXEC, DISCARD and WATCH run here rather than in the dispatcher: they count as calls
    // here too. Refusals (counted errors) and queued commands are not calls.
    const answered = ANSWERED_HERE.has(name) ? this.#host.commands.get(name) : undefined;
    if (answer !== undefined && answered !== undefined && !isCountedError(answer)) {
      this.#host.recordAnsweredCall(answered, answer);
    }
    return answer;
  }

  #answer(argv: readonly string[], name: string): Reply | undefined {
    if (name === "EXEC") {
      const rejection = this.#rejection(argv);
      if (rejection !== undefined) {
        return this.#abort(rejection);
      }
    }
    if (!this.isActive) {
      switch (name) {
        case "MULTI":
          return this.#arityError(argv) ?? this.multi();
        case "EXEC":
          return reply.error(ERR.EXEC_WITHOUT_MULTI);
        case "DISCARD":
          return this.#arityError(argv) ?? reply.error(ERR.DISCARD_WITHOUT_MULTI);
        default:
          return undefined;
      }
    }
    if (name === "QUIT" || name === "RESET") {
      if (name === "RESET") {
        this.reset();
      }
      return undefined;
    }
    const error = this.#arityError(argv);
    if (error !== undefined) {
      this.#isFlagged = true;
      return error;
    }
    switch (name) {
      case "MULTI":
        return reply.error(ERR.MULTI_NESTED);
      case "WATCH":
        return reply.error(ERR.WATCH_IN_MULTI);
      case "EXEC":
        return this.#busyRejection(this.#host.commands.get("EXEC")) ?? this.exec();
      case "DISCARD":
        return this.discard();
      default:
        return this.queue(argv);
    }
  }

  /** MULTI: starts queueing. */
  multi(): Reply {
    if (this.isActive) {
      return reply.error(ERR.MULTI_NESTED);
    }
    this.#queued = [];
    this.#isFlagged = false;
    this.#mayWrite = false;
    this.#session.queuedCommands = 0;
    return reply.ok();
  }

  /**
   * Queues a command after checking what Redis checks at queue time (lookup, arity, `no_multi`);
   * a failed check is answered now and makes EXEC answer EXECABORT.
   */
  queue(argv: readonly string[]): Reply {
    const queued = this.#queued;
    if (queued === undefined) {
      return reply.error(ERR.EXEC_WITHOUT_MULTI);
    }
    const resolution = resolveCommand(this.#host.commands, argv);
    if (!resolution.ok) {
      this.#isFlagged = true;
      return this.#host.rejectLookup(argv, resolution.error);
    }
    if (resolution.command.flags.has("no_multi")) {
      this.#isFlagged = true;
      return this.#host.rejectCall(resolution.command, ERR.NOT_ALLOWED_IN_MULTI);
    }
    const outOfMemory = this.#host.refuseForMemory(resolution.command, { isQueued: true });
    if (outOfMemory !== undefined) {
      this.#isFlagged = true;
      return outOfMemory;
    }
    const busy = this.#busyRejection(resolution.command);
    if (busy !== undefined) {
      return busy;
    }
    queued.push(argv);
    this.#mayWrite ||= mayWrite(resolution.command);
    this.#session.queuedCommands = queued.length;
    return QUEUED;
  }

  /**
   * processCommand's BUSY while a script runs in slices: the command is refused and, as every
   * rejected command in MULTI (flagTransaction), makes the next EXEC answer EXECABORT.
   */
  #busyRejection(command: Command | undefined): Reply | undefined {
    const error = command === undefined ? undefined : this.#host.busyError(command);
    if (error === undefined) {
      return undefined;
    }
    this.#isFlagged = true;
    return reply.error(error);
  }

  /** EXEC: EXECABORT after a queueing error, a null array when a WATCHed key changed, else the replies. */
  exec(): Reply {
    const queued = this.#queued;
    if (queued === undefined) {
      return reply.error(ERR.EXEC_WITHOUT_MULTI);
    }
    const isFlagged = this.#isFlagged;
    this.reset();
    if (isFlagged) {
      this.#host.unwatch(this.#session);
      return reply.error(ERR.EXECABORT);
    }
    const replies = this.#host.exec(queued, this.#session);
    return replies === undefined ? reply.nullArray() : reply.array(replies);
  }

  /** DISCARD: drops the queue and the session's WATCHes. */
  discard(): Reply {
    if (!this.isActive) {
      return reply.error(ERR.DISCARD_WITHOUT_MULTI);
    }
    this.reset();
    this.#host.unwatch(this.#session);
    return reply.ok();
  }

  /** Leaves MULTI without touching WATCHes (RESET and connection close do the rest). */
  reset(): void {
    this.#queued = undefined;
    this.#isFlagged = false;
    this.#session.queuedCommands = undefined;
  }

  /** The lookup/arity error of `argv`, if any (processCommand checks it before anything else). */
  #arityError(argv: readonly string[]): Reply | undefined {
    const error = this.#rejection(argv);
    return error === undefined ? undefined : this.#host.rejectLookup(argv, error);
  }

  #rejection(argv: readonly string[]): string | undefined {
    const resolution = resolveCommand(this.#host.commands, argv);
    return resolution.ok ? undefined : resolution.error;
  }

  /**
   * `rejectCommand` for EXEC itself (a wrong arity): `execCommandAbort` discards the transaction and
   * its WATCHes, in MULTI or not, and answers EXECABORT with the reason.
   */
  #abort(error: string): Reply {
    this.reset();
    this.#host.unwatch(this.#session);
    return this.#host.rejectCall(this.#host.commands.get("EXEC"), ERR.EXECABORT_BECAUSE(error));
  }
}

/** Writes, or may write (EVAL, FCALL, PUBLISH): what CLIENT PAUSE WRITE holds back. */
export function mayWrite(command: Command): boolean {
  return command.flags.has("write") || command.flags.has("may_replicate");
}
