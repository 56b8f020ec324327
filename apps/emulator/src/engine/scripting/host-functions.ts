/**
 * The engine functions scripts call: `redis.call`, `redis.pcall`, `redis.sha1hex`,
 * `redis.acl_check_cmd`, the generator behind `math.random`, and the instruction-count hook that
 * enforces the time limit. They are registered once per process and act on the script that is
 * running (`runScript`): one at a time, since a suspended script makes the engine busy.
 */
import { createHash } from "node:crypto";
import type { Reply } from "../reply.ts";
import { formatG, pushErrorTable, pushReply } from "./convert.ts";
import { withEscapesOf51 } from "./escapes51.ts";
import {
  callArguments,
  cFunction,
  continuationFunction,
  HOOK_MASK,
  hookFunction,
  type LuaState,
  LuaType,
  lua,
  MULTRET,
  RAISE,
  upvalueIndex,
} from "./lua-runtime.ts";
import type { Rand48 } from "./rand48.ts";

/** The protocol a script speaks with the engine: 2 until it calls `redis.setresp(3)`. */
export type ScriptProtocol = 2 | 3;

/** What the functions reach of the script that is running. */
export interface ScriptRun {
  /**
   * `redis.call`/`redis.pcall`: checks and runs a command; refusals are error replies. Under
   * RESP3 (`protocol`) the reply has its RESP3 shape.
   */
  call(argv: readonly string[]): Reply;
  /** Set by `redis.setresp`; each run starts at 2 (scriptPrepareForRun). */
  protocol: ScriptProtocol;
  /** `redis.acl_check_cmd`: undefined for an unknown command, else whether it is permitted. */
  checkCommand(argv: readonly string[]): boolean | undefined;
  readonly random: Rand48;
  /** `performance.now()` when the script started. */
  readonly startedAtMs: number;
  /** How long it may run before it yields (or, where it cannot, is aborted); 0 means no limit. */
  readonly limitMs: number;
  /** The error the hook raises (luaPushError form, e.g. "Script killed by user with …"). */
  readonly timeoutError: string;
  /** The coroutine the script runs in; undefined for a library load (on the main thread). */
  readonly thread: LuaState | undefined;
  /**
   * Whether, past the limit, it yields back to the event loop (`runScript` then serves other
   * clients between slices). False inside MULTI: it is aborted at the limit instead.
   */
  readonly mayYield: boolean;
  /** Set once the limit has passed. */
  isPastLimit: boolean;
  /** Set by SCRIPT KILL / FUNCTION KILL between two slices: the next hook aborts the script. */
  isKillRequested: boolean;
  /**
   * When, in this slice, the script first wanted to yield past the limit but could not (inside
   * a user coroutine, a C call, a pattern match); undefined when it has not.
   */
  stuckSinceMs: number | undefined;
  /** Set once the script is being aborted: the error is raised again on every line. */
  hasTimedOut: boolean;
}

let current: ScriptRun | undefined;

/** Runs `body` with `run` as the running script (restoring the previous one afterwards). */
export function withScriptRun<T>(run: ScriptRun, body: () => T): T {
  const previous = current;
  current = run;
  try {
    return body();
  } finally {
    current = previous;
  }
}

/** The protocol of the running script (2 outside one): how its return value is converted. */
export function runningProtocol(): ScriptProtocol {
  return current?.protocol ?? 2;
}

/** The chunk name of the prelude and its libraries (see lua/prelude.ts). */
export const PRELUDE_SOURCE = "=[redis]";

/** Instructions between two checks of the time limit (Redis uses the same count). */
export const HOOK_INSTRUCTIONS = 100_000;

const TYPE_ERROR = "Lua redis lib command arguments must be strings or integers";
const NO_ARGUMENTS = "Please specify at least one argument for this redis lib call";

/**
 * luaArgsToRedisArgv: numbers become "%.17g" text (of the double, as Lua 5.1 held them), strings
 * stay bytes; anything else is refused. Undefined after pushing the error table.
 */
function readArguments(L: LuaState): string[] | undefined {
  const argv = callArguments(L, formatArgument);
  if (argv === undefined) {
    pushErrorTable(L, TYPE_ERROR);
  } else if (argv.length === 0) {
    pushErrorTable(L, NO_ARGUMENTS);
    return undefined;
  }
  return argv;
}

const formatArgument = (value: number): string => formatG(value, 17);

function redisCall(L: LuaState, raise: boolean): number {
  const run = current;
  if (run === undefined) {
    pushErrorTable(L, "redis.call/pcall can only be called inside a script invocation");
    return RAISE;
  }
  const argv = readArguments(L);
  if (argv === undefined) {
    return raise ? RAISE : 1;
  }
  // The arguments stay below the reply: Lua takes only the top value as the result.
  const result = run.call(argv);
  pushReply(L, result, run.protocol);
  return raise && result.kind === "error" ? RAISE : 1;
}

const call = cFunction((L) => redisCall(L, true));
const pcall = cFunction((L) => redisCall(L, false));

const sha1hex = cFunction((L) => {
  if (lua.getTop(L) !== 1) {
    pushErrorTable(L, "wrong number of arguments");
    return RAISE;
  }
  const type = lua.type(L, 1);
  let text = "";
  if (type === LuaType.NUMBER) {
    text = formatG(lua.toNumber(L, 1), 14);
  } else if (type === LuaType.STRING) {
    text = lua.toString(L, 1);
  }
  lua.pushString(L, createHash("sha1").update(Buffer.from(text, "latin1")).digest("hex"));
  return 1;
});

const aclCheckCmd = cFunction((L) => {
  const run = current;
  if (run === undefined) {
    pushErrorTable(L, "redis.acl_check_cmd can only be called inside a script invocation");
    return RAISE;
  }
  const argv = readArguments(L);
  if (argv === undefined) {
    return RAISE;
  }
  const allowed = run.checkCommand(argv);
  if (allowed === undefined) {
    pushErrorTable(L, "Invalid command passed to redis.acl_check_cmd()");
    return RAISE;
  }
  lua.pushBoolean(L, allowed);
  return 1;
});

const rand = cFunction((L) => {
  const run = current;
  if (run === undefined) {
    lua.pushString(L, "math.random can only be called inside a script invocation");
    return RAISE;
  }
  lua.pushInteger(L, run.random.next());
  return 1;
});

const srand = cFunction((L) => {
  const run = current;
  if (run === undefined) {
    lua.pushString(L, "math.randomseed can only be called inside a script invocation");
    return RAISE;
  }
  run.random.seed(lua.toNumber(L, 1));
  return 0;
});

/** `host.setresp(2 or 3)`, once the prelude has checked the argument as Redis does. */
const setresp = cFunction((L) => {
  if (current !== undefined) {
    current.protocol = lua.toNumber(L, 1) === 3 ? 3 : 2;
  }
  return 0;
});

/** `host.escapes51(source)`: loadstring's chunks read with 5.1's escapes, as scripts are. */
const escapes51 = cFunction((L) => {
  lua.pushString(L, withEscapesOf51(lua.toString(L, 1)));
  return 1;
});

/** Whether the running script has passed its time limit (the prelude's xpcall asks). */
const timedOut = cFunction((L) => {
  lua.pushBoolean(L, current?.hasTimedOut === true);
  return 1;
});

/**
 * luaMaskCountHook: past the limit a script that can yields to the event loop (each count tick
 * then ends a slice, as Redis processes events on each tick), and one that cannot is aborted.
 * Once aborted (or killed), the error is raised again on every line (and count tick), so a
 * `pcall` cannot swallow it. Redis's error handler is C; here it is Lua in the prelude, so
 * prelude frames are let through.
 *
 * Hooks belong to threads (a coroutine inherits its creator's at creation): every thread the hook
 * fires in after the abort, and the script's own thread (or the main one) at once, switch to line
 * events. Otherwise
 * a loop whose count ticks always land in prelude code, or in coroutines created before the
 * limit, would never reach a point where the error can be raised.
 */
export const timeLimitHook: number = hookFunction((L, ar) => {
  const check = timeLimitCheck(L, true);
  if (check === "continue" || check === "yield") {
    return check;
  }
  if (lua.hookSource(L, ar) === PRELUDE_SOURCE) {
    return "continue";
  }
  pushErrorTable(L, check.error);
  return "raise";
});

/**
 * The error to abort the running script with now, else undefined. Library functions that can run
 * long without returning to the VM (`string-library.ts`) ask; they cannot yield.
 */
export function timeLimitError(L: LuaState): string | undefined {
  const check = timeLimitCheck(L, false);
  return typeof check === "string" ? undefined : check.error;
}

/**
 * scriptInterrupt: whether the running script goes on, yields (past the limit, from the hook, in
 * its own coroutine where a yield can cross every frame) or is aborted with an error (killed;
 * past the limit without a coroutine; or unable to yield for another whole limit, which is what
 * the old synchronous engine allowed in total).
 */
function timeLimitCheck(
  L: LuaState,
  inHook: boolean,
): "continue" | "yield" | { readonly error: string } {
  const run = current;
  if (run === undefined) {
    return "continue";
  }
  if (!run.hasTimedOut) {
    if (!run.isKillRequested && !isOverdue(run, { L, inHook })) {
      return run.isPastLimit && inHook && mayYield(run, L) ? "yield" : "continue";
    }
    run.hasTimedOut = true;
    raiseOnEveryLine(run.thread ?? lua.mainThread(L));
  }
  raiseOnEveryLine(L);
  return { error: run.timeoutError };
}

function mayYield(run: ScriptRun, L: LuaState): boolean {
  return run.mayYield && run.thread === L && lua.isYieldable(L);
}

/** Past the limit with no way to yield soon: the script is to be aborted. */
function isOverdue(run: ScriptRun, at: { L: LuaState; inHook: boolean }): boolean {
  if (run.limitMs <= 0) {
    return false;
  }
  const now = performance.now();
  if (!run.isPastLimit) {
    if (now - run.startedAtMs < run.limitMs) {
      return false;
    }
    run.isPastLimit = true;
  }
  if (!run.mayYield) {
    return true;
  }
  if (at.inHook && mayYield(run, at.L)) {
    run.stuckSinceMs = undefined;
    return false;
  }
  run.stuckSinceMs ??= now;
  return now - run.stuckSinceMs >= run.limitMs;
}

function raiseOnEveryLine(L: LuaState): void {
  lua.setHook(L, timeLimitHook, {
    mask: HOOK_MASK.LINE | HOOK_MASK.COUNT,
    count: HOOK_INSTRUCTIONS,
  });
}

/** The trampoline's end after a yield inside the call: its results are the stack. */
const trampolineContinuation = continuationFunction((L) => lua.getTop(L));

/**
 * Calls the Lua function in its upvalue with its arguments. The prelude exposes its Lua functions
 * through these C closures because Lua 5.4 replaces a caller's frame on a tail call to a Lua
 * function but keeps it for a C function: `return error("x")` in a script must still be positioned
 * at the script's line, as with Redis's C implementations.
 */
const trampoline = cFunction((L) => {
  const count = lua.getTop(L);
  lua.pushValue(L, upvalueIndex(1));
  lua.insert(L, 1);
  // Only the script's own coroutine may yield across it (the time-limit hook yields only there);
  // in a coroutine the script created, a yield across pcall fails as in Lua 5.1.
  if (current?.mayYield === true && current.thread === L) {
    lua.callYieldable(L, { args: count, results: MULTRET, continuation: trampolineContinuation });
  } else {
    lua.call(L, count, MULTRET);
  }
  return lua.getTop(L);
});

/** `host.wrap(f)`: f behind a trampoline. */
const wrap = cFunction((L) => {
  lua.setTop(L, 1);
  lua.pushClosure(L, trampoline, 1);
  return 1;
});

/** The function pointers the prelude's `host` table receives. */
export const HOST_FUNCTIONS: Readonly<Record<string, number>> = {
  call,
  pcall,
  sha1hex,
  acl_check_cmd: aclCheckCmd,
  escapes51,
  rand,
  srand,
  setresp,
  timed_out: timedOut,
  wrap,
};
