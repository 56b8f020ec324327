/**
 * One Lua interpreter with Redis's environment (the prelude and its libraries): compiles scripts
 * and function libraries, runs them with the error handler and the time-limit hook, and converts
 * what they return. An engine keeps two, as Redis does: one for EVAL (reset by SCRIPT FLUSH) and
 * one for functions (reset by FUNCTION FLUSH).
 */
import { REDIS_VERSION } from "../info.ts";
import type { Reply } from "../reply.ts";
import { formatG, IGNORE_STATS_FIELD, luaToReply, pushStringArray } from "./convert.ts";
import { withEscapesOf51 } from "./escapes51.ts";
import {
  HOOK_INSTRUCTIONS,
  HOST_FUNCTIONS,
  PRELUDE_SOURCE,
  runningProtocol,
  timeLimitHook,
} from "./host-functions.ts";
import { BIT_LUA } from "./lua/bit.ts";
import { CJSON_LUA } from "./lua/cjson.ts";
import { CMSGPACK_LUA } from "./lua/cmsgpack.ts";
import { PRELUDE_LUA } from "./lua/prelude.ts";
import { STRUCT_LUA } from "./lua/struct.ts";
import {
  HOOK_MASK,
  LUA_ERRMEM,
  LUA_OK,
  LUA_YIELD,
  type LuaState,
  LuaType,
  lua,
  REGISTRY_GLOBALS,
} from "./lua-runtime.ts";
import { STRING_FUNCTIONS } from "./string-library.ts";

export type VmKind = "eval" | "function";

/** The chunk names Redis gives user code: error positions read "user_script:3:". */
export const CHUNK_NAME = { eval: "@user_script", function: "@user_function" } as const;

/**
 * What one Lua state may hold while a script or a library load runs (Redis sets no limit; see the
 * README). Beyond it an allocation fails and the script with it: "not enough memory". Enough for a
 * 100 MB value (the service's largest record) to be read and rebuilt once; Lua itself needs ~1 MB.
 */
export const SCRIPT_MEMORY_LIMIT_BYTES = 256 * 1024 * 1024;

/** REDIS_VERSION_NUM: 0x00MMmmpp. */
const VERSION_NUM = REDIS_VERSION.split(".").reduce((value, part) => value * 256 + Number(part), 0);

/** An error a script raised, as Redis's error handler leaves it (luaExtractErrorInformation). */
export interface ScriptError {
  /** The `err` text ("ERR …", "WRONGTYPE …"); undefined when the error table had none. */
  readonly message: string | undefined;
  readonly source: string | undefined;
  readonly line: string | undefined;
  /** False when the error was not a table (the handler itself failed). */
  readonly isTable: boolean;
  /** A command's error passed on (`ignore_error_stats_update`): errorstats counted it already. */
  readonly isCounted?: boolean;
}

/** A slice of a script's run: it finished, failed, or yielded and waits for `resume`. */
export type RunOutcome =
  | { readonly kind: "done"; readonly reply: Reply }
  | { readonly kind: "failed"; readonly error: ScriptError }
  | { readonly kind: "suspended" };

/**
 * What scripts run in: a coroutine calling `xpcall(script, handler, ...)`, so the time-limit hook
 * can yield it back to the engine (xpcall and the prelude's trampolines are yieldable). Compiled
 * before the prelude replaces `xpcall`.
 */
const RUNNER_LUA =
  "local xpcall = xpcall\nreturn function(handler, f, ...) return xpcall(f, handler, ...) end";

/** A function `redis.register_function` registered while its library loaded. */
export interface Registration {
  readonly name: string;
  readonly description: string | undefined;
  /** FUNCTION flags as bits: no-writes 1, allow-oom 2, allow-stale 4, no-cluster 8, allow-cross-slot-keys 16, allow-key-locking 32 (the service's). */
  readonly flags: number;
  /** The callback in the Lua registry. */
  readonly ref: number;
}

export class LuaVm {
  readonly kind: VmKind;
  readonly #state: LuaState;
  readonly #handlerRef: number;
  readonly #globalsRef: number;
  readonly #loadLibraryRef: number | undefined;
  /** The real `collectgarbage`, to give memory back after a script ran out of it. */
  readonly #collectRef: number;
  readonly #memoryLimitBytes: number;
  /** The coroutine scripts run in, kept in the registry, and the runner function it starts with. */
  readonly #thread: LuaState;
  readonly #runnerRef: number;
  #isClosed = false;

  constructor(kind: VmKind, options: { memoryLimitBytes?: number } = {}) {
    this.kind = kind;
    this.#memoryLimitBytes = options.memoryLimitBytes ?? SCRIPT_MEMORY_LIMIT_BYTES;
    const L = lua.newState();
    this.#state = L;
    lua.getRef(L, Number(REGISTRY_GLOBALS));
    lua.rawGetField(L, -1, "collectgarbage");
    this.#collectRef = lua.ref(L);
    lua.setTop(L, 0);
    if (
      lua.load(L, RUNNER_LUA, PRELUDE_SOURCE) !== LUA_OK ||
      lua.pcall(L, { args: 0, results: 1, handler: 0 }) !== LUA_OK
    ) {
      throw new Error(`the script runner does not compile: ${lua.toString(L, -1)}`);
    }
    this.#runnerRef = lua.ref(L);
    this.#thread = lua.newThread(L);
    lua.ref(L);
    if (lua.load(L, PRELUDE_LUA, PRELUDE_SOURCE) !== LUA_OK) {
      throw new Error(`the scripting prelude does not compile: ${lua.toString(L, -1)}`);
    }
    pushHost(L, kind);
    if (lua.pcall(L, { args: 1, results: 1, handler: 0 }) !== LUA_OK) {
      throw new Error(`the scripting prelude failed: ${lua.toString(L, -1)}`);
    }
    lua.rawGetField(L, -1, "handler");
    this.#handlerRef = lua.ref(L);
    lua.rawGetField(L, -1, "globals");
    this.#globalsRef = lua.ref(L);
    if (kind === "function") {
      lua.rawGetField(L, -1, "load_library");
      this.#loadLibraryRef = lua.ref(L);
    }
    lua.setTop(L, 0);
  }

  /** Compiles `source` as a chunk; its registry reference, or the compiler's message. */
  compile(
    source: string,
    chunkName: string,
  ): { ok: true; ref: number } | { ok: false; message: string } {
    const L = this.#state;
    if (lua.load(L, withEscapesOf51(source), chunkName) !== LUA_OK) {
      const message = syntaxMessage51(lua.toString(L, -1));
      lua.setTop(L, 0);
      return { ok: false, message };
    }
    return { ok: true, ref: lua.ref(L) };
  }

  /** Frees a compiled chunk or a registered function. */
  release(ref: number): void {
    if (!this.#isClosed) {
      lua.unref(this.#state, ref);
    }
  }

  /**
   * The coroutine scripts run in: the time-limit hook may yield it (`ScriptRun.thread`), and
   * `resume` then carries on.
   */
  get thread(): LuaState {
    return this.#thread;
  }

  /**
   * Starts a compiled script or function under the error handler. EVAL scripts read KEYS and ARGV
   * as globals; functions receive them as their two arguments. `limitMs` 0 runs without the hook.
   * A script the hook yielded is `suspended`: `resume` runs its next slice (no other script may
   * run on this VM meanwhile).
   */
  run(options: {
    ref: number;
    keys: readonly string[];
    args: readonly string[];
    limitMs: number;
  }): RunOutcome {
    const T = this.#thread;
    lua.setTop(T, 0);
    lua.getRef(T, this.#runnerRef);
    lua.getRef(T, this.#handlerRef);
    lua.getRef(T, options.ref);
    let nargs = 2;
    if (this.kind === "eval") {
      lua.getRef(T, this.#globalsRef);
      // The real globals' metatable has only __index (the prelude's `finish`), so lua_setfield
      // sets them raw, in one call where a raw set by name takes four.
      pushStringArray(T, options.keys);
      lua.setField(T, -2, "KEYS");
      pushStringArray(T, options.args);
      lua.setField(T, -2, "ARGV");
      lua.pop(T, 1);
    } else {
      pushStringArray(T, options.keys);
      pushStringArray(T, options.args);
      nargs = 4;
    }
    if (options.limitMs > 0) {
      lua.setHook(T, timeLimitHook, { mask: HOOK_MASK.COUNT, count: HOOK_INSTRUCTIONS });
    }
    return this.#slice(nargs);
  }

  /** The next slice of a suspended script. */
  resume(): RunOutcome {
    return this.#slice(0);
  }

  /** Resumes the coroutine under the memory limit until it ends or yields. */
  #slice(args: number): RunOutcome {
    const L = this.#state;
    const T = this.#thread;
    lua.setMemoryLimit(L, this.#memoryLimitBytes);
    let resumed: { status: number; results: number };
    try {
      resumed = lua.resume(T, args);
    } finally {
      lua.setMemoryLimit(L, Number.POSITIVE_INFINITY);
    }
    if (resumed.status === LUA_YIELD) {
      return { kind: "suspended" };
    }
    lua.setHook(T, 0, { mask: 0, count: 0 });
    try {
      if (resumed.status !== LUA_OK) {
        // The runner itself failed (an error outside xpcall's reach): the coroutine is dead.
        const error = readError(T);
        lua.resetThread(T);
        this.#collect();
        return { kind: "failed", error };
      }
      // xpcall's results: true and the script's first value, or false and the error.
      const base = lua.getTop(T) - resumed.results + 1;
      const isOk = lua.toBoolean(T, base);
      lua.setTop(T, base + 1);
      if (isOk) {
        return { kind: "done", reply: luaToReply(T, runningProtocol()) };
      }
      const error = readError(T);
      if (!error.isTable) {
        // Not through the handler: "not enough memory" (the handler never runs for it).
        this.#collect();
      }
      return { kind: "failed", error };
    } finally {
      lua.setTop(T, 0);
    }
  }

  /**
   * Runs a library's code with only the FUNCTION LOAD API (`redis.register_function`, `redis.log`),
   * under the load time limit. The functions it registered, or Redis's error text.
   */
  loadLibrary(
    code: string,
    limitMs: number,
  ): { ok: true; functions: Registration[] } | { ok: false; error: string } {
    const L = this.#state;
    if (this.#loadLibraryRef === undefined) {
      throw new Error("only the functions VM loads libraries");
    }
    lua.setTop(L, 0);
    lua.getRef(L, this.#loadLibraryRef);
    if (lua.load(L, withEscapesOf51(code), CHUNK_NAME.function) !== LUA_OK) {
      const message = syntaxMessage51(lua.toString(L, -1));
      lua.setTop(L, 0);
      return { ok: false, error: `Error compiling function: ${message}` };
    }
    if (limitMs > 0) {
      lua.setHook(L, timeLimitHook, { mask: HOOK_MASK.COUNT, count: HOOK_INSTRUCTIONS });
    }
    const status = this.#protected(() => lua.pcall(L, { args: 1, results: 2, handler: 0 }));
    lua.setHook(L, 0, { mask: 0, count: 0 });
    try {
      if (status !== LUA_OK) {
        return { ok: false, error: `Error registering functions: ${loadErrorText(L, -1)}` };
      }
      if (!lua.toBoolean(L, 1)) {
        return { ok: false, error: `Error registering functions: ${loadErrorText(L, 2)}` };
      }
      return { ok: true, functions: readRegistrations(L) };
    } finally {
      lua.setTop(L, 0);
    }
  }

  /** Bytes the state holds now (live data and garbage not yet collected). */
  get memoryUsed(): number {
    return lua.memoryUsed(this.#state);
  }

  /**
   * Runs a protected call under the memory limit (never outside one: Lua aborts the process on an
   * allocation failure nothing catches). After "not enough memory", a full collection gives back
   * what the failed script left behind, so the next one starts with the state's usual size.
   */
  #protected(pcall: () => number): number {
    const L = this.#state;
    lua.setMemoryLimit(L, this.#memoryLimitBytes);
    let status: number;
    try {
      status = pcall();
    } finally {
      lua.setMemoryLimit(L, Number.POSITIVE_INFINITY);
    }
    if (status === LUA_ERRMEM) {
      this.#collect();
    }
    return status;
  }

  /** A full collection: gives back what a script that ran out of memory left behind. */
  #collect(): void {
    const L = this.#state;
    const top = lua.getTop(L);
    lua.getRef(L, this.#collectRef);
    lua.pushString(L, "collect");
    lua.pcall(L, { args: 1, results: 0, handler: 0 });
    lua.setTop(L, top);
  }

  close(): void {
    if (!this.#isClosed) {
      this.#isClosed = true;
      lua.close(this.#state);
    }
  }
}

/**
 * Compiler messages in 5.1's words: 5.4 writes "near <eof>" where 5.1 wrote "near '<eof>'", and
 * shows a too-large decimal escape with its backslash, digits and the next character, where 5.1
 * showed the string read before it.
 */
export function syntaxMessage51(message: string): string {
  return message
    .replace(/ near <eof>$/, " near '<eof>'")
    .replace(
      /decimal escape too large near '(.*)\\\d{1,3}[\s\S]?'$/s,
      "escape sequence too large near '$1'",
    );
}

function pushHost(L: LuaState, kind: VmKind): void {
  lua.createTable(L, 0, 12);
  for (const [name, fn] of Object.entries({ ...HOST_FUNCTIONS, ...STRING_FUNCTIONS })) {
    lua.pushFunction(L, fn);
    lua.rawSetField(L, -2, name);
  }
  lua.pushNull(L);
  lua.rawSetField(L, -2, "null");
  lua.pushString(L, kind);
  lua.rawSetField(L, -2, "kind");
  lua.pushString(L, REDIS_VERSION);
  lua.rawSetField(L, -2, "version");
  lua.pushInteger(L, VERSION_NUM);
  lua.rawSetField(L, -2, "version_num");
  lua.createTable(L, 0, 4);
  for (const [name, source] of Object.entries({
    bit: BIT_LUA,
    struct: STRUCT_LUA,
    cjson: CJSON_LUA,
    cmsgpack: CMSGPACK_LUA,
  })) {
    lua.pushString(L, source);
    lua.rawSetField(L, -2, name);
  }
  lua.rawSetField(L, -2, "libraries");
}

/** A string or number field as Lua 5.1's lua_tostring would print it, else undefined. */
function textField(L: LuaState, field: string): string | undefined {
  const type = lua.rawGetField(L, -1, field);
  let text: string | undefined;
  if (type === LuaType.STRING) {
    text = lua.toString(L, -1);
  } else if (type === LuaType.NUMBER) {
    text = formatG(lua.toNumber(L, -1), 14);
  }
  lua.pop(L, 1);
  return text;
}

/** luaExtractErrorInformation on the error object on top of the stack. */
function readError(L: LuaState): ScriptError {
  const type = lua.type(L, -1);
  if (type !== LuaType.TABLE) {
    const message = type === LuaType.STRING ? lua.toString(L, -1) : "execution failure";
    return { message, source: undefined, line: undefined, isTable: false };
  }
  const isCounted = lua.rawGetField(L, -1, IGNORE_STATS_FIELD) === LuaType.BOOLEAN;
  lua.pop(L, 1);
  return {
    message: textField(L, "err"),
    source: textField(L, "source"),
    line: textField(L, "line"),
    isTable: true,
    isCounted,
  };
}

/** The message of a failed library load: "ERR <text>" for a raised string, else the `err` field. */
function loadErrorText(L: LuaState, index: number): string {
  const type = lua.type(L, index);
  if (type === LuaType.STRING || type === LuaType.NUMBER) {
    return `ERR ${type === LuaType.NUMBER ? formatG(lua.toNumber(L, index), 14) : lua.toString(L, index)}`;
  }
  if (type === LuaType.TABLE) {
    lua.pushValue(L, index);
    const message = textField(L, "err");
    lua.pop(L, 1);
    return message ?? "(null)";
  }
  return "(null)";
}

function readRegistrations(L: LuaState): Registration[] {
  const functions: Registration[] = [];
  for (let i = 1; lua.rawGetIndex(L, 2, i) === LuaType.TABLE; i++) {
    const name = textField(L, "name") ?? "";
    const description = textField(L, "description");
    lua.rawGetField(L, -1, "flags");
    const flags = lua.toNumber(L, -1);
    lua.pop(L, 1);
    lua.rawGetField(L, -1, "callback");
    const ref = lua.ref(L);
    lua.pop(L, 1);
    functions.push({ name, description, flags, ref });
  }
  return functions;
}
