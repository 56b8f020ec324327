/**
 * Running a script or function for a command (src/script.c `scriptPrepareForRun`, `scriptCall`;
 * src/script_lua.c `luaCallFunction`): the commands it calls go through the engine as its own client
 * (the "lua" session), so they share the caller's frozen time and log their own effects — a
 * script is logged as the writes it performed, never as EVAL (STYLE.md §7.5).
 *
 * Time limit (src/script.c `scriptInterrupt`): a script still running after `busy-reply-threshold`
 * ms (wall time, checked every 100,000 instructions) yields its coroutine back to the event loop and
 * goes on in slices, one per tick. Between slices the engine is busy: other clients get BUSY and
 * may SCRIPT KILL / FUNCTION KILL it; the caller's reply is pending until it ends. A script that
 * cannot yield (inside MULTI, or stuck past the limit where no yield can cross, see
 * `timeLimitHook`) is aborted as if killed.
 */
import { setImmediate } from "node:timers";
import { checkPermission } from "../acl/check.ts";
import { asciiUpper } from "../bytes.ts";
import { countedError } from "../call-stats.ts";
import type { CommandContext, CommandResult } from "../commands/context.ts";
import type { Command } from "../commands/define.ts";
import type { ConfigApi } from "../config.ts";
import { ERR } from "../errors.ts";
import { type Reply, reply, toResp3Reply } from "../reply.ts";
import type { Session } from "../session.ts";
import { type ScriptProtocol, type ScriptRun, withScriptRun } from "./host-functions.ts";
import type { LuaState } from "./lua-runtime.ts";
import type { Rand48 } from "./rand48.ts";
import type { BusyScript, ScriptingState } from "./state.ts";
import type { LuaVm, RunOutcome, ScriptError } from "./vm.ts";

/**
 * How writes are refused: not at all, with Redis's text, or — for FCALL_RO — as the service does.
 */
export type ReadOnlyMode = "off" | "redis" | "service";

/** Redis's text for a write inside a read-only script (scriptVerifyWriteCommandAllow). */
const READONLY_SCRIPT_ERROR = "ERR Write commands are not allowed from read-only scripts.";
/**
 * Service behaviour (kv-rest-wire.md §13.2): a write inside FCALL_RO fails with a READONLY error,
 * and the reply reads "ERR Error running script: @user_script:<line>: READONLY …".
 */
const SERVICE_READONLY_ERROR = "READONLY Write commands are not allowed from read-only scripts";

const KILLED = "Script killed by user with SCRIPT KILL...";

/**
 * A command as scripts call it: found and its arity's start worked out once (what the engine
 * runs, `Resolved`), with the flags scriptCall checks on every call read once from its set.
 */
interface ScriptCommand {
  readonly ok: true;
  readonly command: Command;
  readonly start: number;
  readonly isNoscript: boolean;
  readonly isWrite: boolean;
  /** `write` or `may_replicate`: refused in read-only scripts. */
  readonly isRefusedReadOnly: boolean;
}

const scriptCommands = new WeakMap<Command, ScriptCommand>();

function scriptCommandOf(command: Command): ScriptCommand {
  let entry = scriptCommands.get(command);
  if (entry === undefined) {
    const flags = command.flags;
    entry = {
      ok: true,
      command,
      // As the engine's resolveLookedUp: a subcommand's arguments start after both names.
      start: command.subcommands === undefined && command.name.includes("|") ? 2 : 1,
      isNoscript: flags.has("noscript"),
      isWrite: flags.has("write"),
      isRefusedReadOnly: flags.has("write") || flags.has("may_replicate"),
    };
    scriptCommands.set(command, entry);
  }
  return entry;
}

/**
 * Command names as scripts spell them ('set', 'SET') → the command, per command table: a script
 * names a handful of commands over and over, and the names read from Lua are strings built a byte
 * at a time, which cost more to upper-case and hash than the lookup itself.
 */
const namesByTable = new WeakMap<ReadonlyMap<string, Command>, Map<string, ScriptCommand>>();
/** Spellings remembered per table; beyond it the cache starts again (mixed-case names are rare). */
const NAME_CACHE_LIMIT = 1024;
/** The table the last lookup was made in, and its names: one engine's table in a process. */
let lastTable: ReadonlyMap<string, Command> | undefined;
let lastNames = new Map<string, ScriptCommand>();

function commandNamed(
  commands: ReadonlyMap<string, Command>,
  name: string,
): ScriptCommand | undefined {
  let names = lastNames;
  if (commands !== lastTable) {
    names = namesByTable.get(commands) ?? new Map();
    namesByTable.set(commands, names);
    lastTable = commands;
    lastNames = names;
  }
  let entry = names.get(name);
  if (entry === undefined) {
    const command = commands.get(asciiUpper(name));
    if (command === undefined) {
      return undefined;
    }
    if (names.size >= NAME_CACHE_LIMIT) {
      names.clear();
    }
    entry = scriptCommandOf(command);
    names.set(name, entry);
  }
  return entry;
}

/** `lookupCommand` for scripts: a container without its subcommand is the container itself. */
function lookupCommand(
  commands: ReadonlyMap<string, Command>,
  argv: readonly string[],
): ScriptCommand | undefined {
  const entry = commandNamed(commands, argv[0] ?? "");
  const subcommands = entry?.command.subcommands;
  if (subcommands === undefined || argv.length < 2) {
    return entry;
  }
  const subcommand = subcommands.get(asciiUpper(argv[1] ?? ""));
  return subcommand === undefined ? undefined : scriptCommandOf(subcommand);
}

function hasValidArity(command: Command, argc: number): boolean {
  return command.arity > 0 ? argc === command.arity : argc >= -command.arity;
}

/** What a script's command is checked against: its caller, its client and its modes. */
interface CallRequest {
  readonly ctx: CommandContext;
  readonly session: Session;
  readonly readOnly: ReadOnlyMode;
  /**
   * Whether the caller's user may run anything (the default user): its commands then need no ACL
   * check. Read when the script starts and again before each later slice: ACL and AUTH cannot run
   * in a script, nor in another client while it is busy (they are not allow_busy), but the
   * management API may change users between slices.
   */
  readonly isUnrestricted: boolean;
  /** Set on the first write command (SCRIPT_WRITE_DIRTY: SCRIPT KILL then refuses). */
  written: boolean;
  /** RESP3 after `redis.setresp(3)`: replies then take their commands' RESP3 shapes. */
  readonly protocol: ScriptProtocol;
}

/** scriptCall: the checks Redis makes before a script's command runs, then the command. */
function callCommand(request: CallRequest, argv: readonly string[]): Reply {
  const server = request.ctx.server;
  const entry = lookupCommand(server.commands, argv);
  // Refusals count in errorstats and the command's rejected_calls, as scriptCall's do.
  if (entry === undefined) {
    return server.rejectCall(undefined, "ERR Unknown Redis command called from script");
  }
  const command = entry.command;
  if (!hasValidArity(command, argv.length)) {
    return server.rejectCall(command, "ERR Wrong number of args calling Redis command from script");
  }
  if (entry.isNoscript) {
    return server.rejectCall(command, "ERR This Redis command is not allowed from script");
  }
  const { ctx, session } = request;
  const denial = request.isUnrestricted
    ? undefined
    : server.acl.check(session, { command, argv, nowMs: ctx.now });
  if (denial !== undefined) {
    // scriptVerifyACL (Redis 7.2+): the NOPERM text after "ACL failure in script: ".
    return server.rejectCall(
      command,
      `ERR ACL failure in script: ${denial.replace(/^NOPERM /, "")}`,
    );
  }
  if (request.readOnly !== "off" && entry.isRefusedReadOnly) {
    return server.rejectCall(
      command,
      request.readOnly === "service" ? SERVICE_READONLY_ERROR : READONLY_SCRIPT_ERROR,
    );
  }
  if (entry.isWrite) {
    request.written = true;
  }
  // Found and checked as the engine's own lookup and arity check would (findCommand).
  const result = server.executeResolved(argv, session, entry);
  // Commands never block in scripts; scripts cannot run scripts (noscript), so none is pending.
  const answer = result.kind === "blocked" ? result.timeoutReply : result;
  const shape = command.resp3;
  return request.protocol === 3 && shape !== undefined && answer.kind !== "error"
    ? toResp3Reply(answer, { shape, argv })
    : answer;
}

/**
 * The running EVAL script or function (`ScriptRun`), one per call: a class rather than an object
 * of closures, and whether it may yield is worked out only when something asks (past the time
 * limit, or a prelude trampoline), since it takes an ACL check.
 */
class ScriptCall implements ScriptRun, CallRequest {
  protocol: ScriptProtocol = 2;
  readonly ctx: CommandContext;
  readonly session: Session;
  readonly readOnly: ReadOnlyMode;
  isUnrestricted: boolean;
  written = false;
  readonly random: Rand48;
  readonly startedAtMs = performance.now();
  readonly limitMs: number;
  readonly timeoutError = KILLED;
  readonly thread: LuaState;
  isPastLimit = false;
  isKillRequested = false;
  stuckSinceMs: number | undefined = undefined;
  hasTimedOut = false;
  #mayYield: boolean | undefined = undefined;

  constructor(
    ctx: CommandContext,
    options: { state: ScriptingState; vm: LuaVm; readOnly: ReadOnlyMode },
  ) {
    this.ctx = ctx;
    this.session = options.state.session;
    this.readOnly = options.readOnly;
    this.isUnrestricted = ctx.server.acl.isUnrestricted(this.session);
    this.random = options.state.random;
    this.limitMs = ctx.server.config.derived(scriptTimeLimitMs);
    this.thread = options.vm.thread;
  }

  call(argv: readonly string[]): Reply {
    return callCommand(this, argv);
  }

  checkCommand(argv: readonly string[]): boolean | undefined {
    return mayRun(this.ctx, argv);
  }

  /**
   * Inside MULTI the whole EXEC is one synchronous unit: the script cannot yield. Emulator choice:
   * a caller who may not SCRIPT KILL (the Read Only token's user) may not hold the database
   * either, so its script is aborted at the limit, as before Redis's BUSY existed: otherwise one
   * EVAL_RO with an endless loop would answer BUSY to everyone until a Standard token holder
   * killed it. (Neither changes while the script runs: MULTI and ACL are not allowed in scripts.)
   */
  get mayYield(): boolean {
    this.#mayYield ??=
      !this.ctx.session.inTransaction && mayRun(this.ctx, ["SCRIPT", "KILL"]) === true;
    return this.#mayYield;
  }
}

/** The error reply of a failed script: the error with " script: <name>, on <source>:<line>." */
function errorReply(error: ScriptError, options: { name: string; readOnly: ReadOnlyMode }): Reply {
  if (!error.isTable) {
    return reply.error(
      oneLine(`ERR Error running script ${options.name}, ${(error.message ?? "").slice(0, 100)}`),
    );
  }
  // Emulator choice: Redis reads past a missing 'err' (error({})) and crashes; this answers.
  const message = error.message ?? "ERR unknown error";
  if (options.readOnly === "service" && message === SERVICE_READONLY_ERROR) {
    // Service behaviour (kv-rest-wire.md §13.2): the service's own wording, without its traceback
    // lines (a RESP error reply is one line).
    return reply.error(`ERR Error running script: @user_script:${error.line ?? "0"}: ${message}`);
  }
  let text = message;
  if (error.source !== undefined && error.line !== undefined) {
    text += ` script: ${options.name}, on ${error.source}:${error.line}.`;
  }
  // A command's error the script passed on was counted when the command failed.
  return error.isCounted === true ? countedError(oneLine(text)) : reply.error(oneLine(text));
}

function oneLine(text: string): string {
  return text.replace(/[\r\n]/g, " ");
}

/** redis.acl_check_cmd: undefined for an unknown command, else whether the caller's user may run it. */
function mayRun(ctx: CommandContext, argv: readonly string[]): boolean | undefined {
  const entry = lookupCommand(ctx.server.commands, argv);
  if (entry === undefined) {
    return undefined;
  }
  const acl = ctx.server.acl;
  const user = acl.user(acl.userOf(ctx.session));
  return user !== undefined && checkPermission(user, entry.command, argv) === undefined;
}

/** busy-reply-threshold (alias lua-time-limit) in ms; 0 disables the limit. */
export function scriptTimeLimitMs(config: ConfigApi): number {
  const value = Number(config.value("busy-reply-threshold"));
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/**
 * Runs a compiled EVAL script or a function for the command `ctx`, with KEYS/ARGV (or the
 * function's arguments): its reply, or a pending one when it passed the time limit and goes on in
 * slices.
 */
export function runScript(
  ctx: CommandContext,
  options: {
    state: ScriptingState;
    vm: LuaVm;
    ref: number;
    name: string;
    keys: readonly string[];
    args: readonly string[];
    readOnly: ReadOnlyMode;
  },
): CommandResult {
  const server = ctx.server;
  const { state, vm } = options;
  const session = state.session;
  session.dbIndex = ctx.session.dbIndex;
  session.user = ctx.session.user;
  const run = new ScriptCall(ctx, options);
  const limitMs = run.limitMs;
  const outcome = withScriptRun(run, () =>
    vm.run({ ref: options.ref, keys: options.keys, args: options.args, limitMs }),
  );
  if (outcome.kind !== "suspended") {
    return outcomeReply(outcome, options);
  }
  const busy: BusyScript = {
    kind: vm.kind,
    name: options.name,
    argv: ctx.argv,
    startedAtMs: run.startedAtMs,
    run,
    hasWritten: () => run.written,
  };
  state.busy = busy;
  const atMs = ctx.now;
  return {
    kind: "blocked",
    keys: [],
    db: ctx.session.dbIndex,
    deadlineMs: undefined,
    // Only a caller that cannot wait would read it; every caller outside MULTI waits.
    timeoutReply: reply.error("ERR the script is still running"),
    pending: new Promise((resolve) => {
      const slice = (): void => {
        run.stuckSinceMs = undefined;
        run.isUnrestricted = server.acl.isUnrestricted(session);
        // The unit ends after `busy` is cleared, so blocked clients are served then.
        const next = server.runUnit(atMs, () => {
          const result = withScriptRun(run, () => vm.resume());
          if (result.kind !== "suspended") {
            state.busy = undefined;
          }
          return result;
        });
        if (next.kind === "suspended") {
          setImmediate(slice);
        } else {
          resolve(outcomeReply(next, options));
        }
      };
      setImmediate(slice);
    }),
  };
}

function outcomeReply(
  outcome: Exclude<RunOutcome, { kind: "suspended" }>,
  options: { name: string; readOnly: ReadOnlyMode },
): Reply {
  return outcome.kind === "done" ? outcome.reply : errorReply(outcome.error, options);
}

/**
 * SCRIPT KILL (`isEval`) or FUNCTION KILL (src/script.c `scriptKill`): asks the busy script to
 * stop at its next slice; Redis's error when there is none, it has written, or it is the other
 * kind.
 */
export function killBusyScript(state: ScriptingState, isEval: boolean): Reply {
  const busy = state.busy;
  if (busy === undefined) {
    return reply.error(ERR.NOTBUSY);
  }
  if (busy.hasWritten()) {
    return reply.error(ERR.UNKILLABLE);
  }
  if (isEval !== (busy.kind === "eval")) {
    return reply.error(isEval ? ERR.BUSY_FUNCTION : ERR.BUSY_EVAL);
  }
  busy.run.isKillRequested = true;
  return reply.ok();
}

/** Runs a library's top level for FUNCTION LOAD/RESTORE under the load time limit. */
export function runLibraryLoad<T>(state: ScriptingState, load: () => T): T {
  const run: ScriptRun = {
    call: () => reply.error("ERR redis.call/pcall can only be called inside a script invocation"),
    protocol: 2,
    checkCommand: () => undefined,
    random: state.random,
    startedAtMs: performance.now(),
    limitMs: 500,
    timeoutError: "FUNCTION LOAD timeout",
    thread: undefined,
    mayYield: false,
    isPastLimit: false,
    isKillRequested: false,
    stuckSinceMs: undefined,
    hasTimedOut: false,
  };
  return withScriptRun(run, load);
}
