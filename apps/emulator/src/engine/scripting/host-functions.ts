/**
 * The engine functions scripts call: `redis.call`, `redis.pcall`, `redis.sha1hex`,
 * `redis.acl_check_cmd`, the generator behind `math.random`, and the instruction-count hook that
 * enforces the time limit. They are registered once per process and act on the script that is
 * running (`runScript`): the engine is synchronous, so there is at most one.
 */
import { createHash } from "node:crypto";
import type { Reply } from "../reply.ts";
import { formatG, pushErrorTable, pushReply } from "./convert.ts";
import { withEscapesOf51 } from "./escapes51.ts";
import {
  cFunction,
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

/** What the functions reach of the script that is running. */
export interface ScriptRun {
  /** `redis.call`/`redis.pcall`: checks and runs a command; refusals are error replies. */
  call(argv: readonly string[]): Reply;
  /** `redis.acl_check_cmd`: undefined for an unknown command, else whether it is permitted. */
  checkCommand(argv: readonly string[]): boolean | undefined;
  readonly random: Rand48;
  /** `performance.now()` when the script started. */
  readonly startedAtMs: number;
  /** How long it may run before the hook aborts it; 0 means no limit. */
  readonly limitMs: number;
  /** The error the hook raises (luaPushError form, e.g. "Script killed by user with …"). */
  readonly timeoutError: string;
  /** Set once the limit has passed. */
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
  const count = lua.getTop(L);
  if (count === 0) {
    pushErrorTable(L, NO_ARGUMENTS);
    return undefined;
  }
  const argv: string[] = [];
  for (let i = 1; i <= count; i++) {
    const type = lua.type(L, i);
    if (type === LuaType.NUMBER) {
      argv.push(formatG(lua.toNumber(L, i), 17));
    } else if (type === LuaType.STRING) {
      argv.push(lua.toString(L, i));
    } else {
      pushErrorTable(L, TYPE_ERROR);
      return undefined;
    }
  }
  return argv;
}

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
  lua.setTop(L, 0);
  const result = run.call(argv);
  pushReply(L, result);
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
 * luaMaskCountHook: past the limit the script is aborted, and from then on the error is raised again
 * on every line (and count tick), so a `pcall` cannot swallow it. Redis's error handler is C; here
 * it is Lua in the prelude, so prelude frames are let through.
 *
 * Hooks belong to threads (a coroutine inherits its creator's at creation): every thread the hook
 * fires in after the limit, and the main thread at once, switch to line events. Otherwise a loop
 * whose count ticks always land in prelude code, or in coroutines created before the limit, would
 * never reach a point where the error can be raised.
 */
export const timeLimitHook: number = hookFunction((L, ar) => {
  const error = timeLimitError(L);
  if (error === undefined || lua.hookSource(L, ar) === PRELUDE_SOURCE) {
    return false;
  }
  pushErrorTable(L, error);
  return true;
});

/**
 * The error to abort the running script with once its limit has passed, else undefined. The first
 * time, the threads switch to raising on every line (see `timeLimitHook`). The hook asks, and so do
 * library functions that can run long without returning to the VM (`string-library.ts`).
 */
export function timeLimitError(L: LuaState): string | undefined {
  const run = current;
  if (run === undefined) {
    return undefined;
  }
  if (!run.hasTimedOut) {
    if (run.limitMs <= 0 || performance.now() - run.startedAtMs < run.limitMs) {
      return undefined;
    }
    run.hasTimedOut = true;
    raiseOnEveryLine(lua.mainThread(L));
  }
  raiseOnEveryLine(L);
  return run.timeoutError;
}

function raiseOnEveryLine(L: LuaState): void {
  lua.setHook(L, timeLimitHook, {
    mask: HOOK_MASK.LINE | HOOK_MASK.COUNT,
    count: HOOK_INSTRUCTIONS,
  });
}

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
  lua.call(L, count, MULTRET);
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
  timed_out: timedOut,
  wrap,
};
