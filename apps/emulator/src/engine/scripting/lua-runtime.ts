/**
 * The Lua 5.4 C API of wasmoon's WebAssembly build, used directly (not through wasmoon's high-level
 * engine, whose strings stop at the first NUL and are decoded as UTF-8). Every string crosses the
 * boundary as bytes through a scratch buffer in wasm memory, so keys, arguments and replies stay
 * binary-safe: the engine side holds them as binary strings (one char per byte, `bytes.ts`).
 *
 * The WebAssembly module is compiled once per process at import time (top-level await: the engine
 * is synchronous, so it cannot wait for it on the first EVAL); each engine then creates its Lua
 * states lazily and synchronously.
 */
import { createRequire } from "node:module";
import type * as Wasmoon from "wasmoon";
import { webAssembly } from "../../wasm/module-bytes.ts";
import {
  BUDGET_BYTES,
  BUDGET_LIMIT,
  BUDGET_USED,
  createLuaAllocator,
  createLuaAllocatorInJs,
} from "./lua-allocator.ts";

/**
 * wasmoon ships a CommonJS (UMD) build: `require` loads it in ~7 ms of CPU, where an ESM `import`
 * of it costs ~40 ms (Node's ESM loader scans a CommonJS source for its export names), a sixth of
 * the emulator's whole import (issue 21: start-up).
 */
const { LuaFactory } = createRequire(import.meta.url)("wasmoon") as typeof Wasmoon;

/** A `lua_State*`: an address in wasm memory. */
export type LuaState = number;

/** The emscripten module's own helpers (wasmoon types only its high-level wrappers). */
interface EmscriptenModule {
  HEAPU8: Uint8Array;
  HEAP32: Int32Array;
  HEAPU32: Uint32Array;
  addFunction(fn: (...args: number[]) => number | undefined, signature: string): number;
  stringToNewUTF8(text: string): number;
}

/** The C functions this file calls: the module's `_<symbol>` exports, by symbol (luaL_ as lual_). */
interface LuaSymbols {
  malloc(size: number): number;
  realloc(pointer: number, size: number): number;
  free(pointer: number): void;
  lual_newstate(): LuaState;
  lua_setallocf(L: LuaState, allocator: number, userData: number): void;
  lual_openlibs(L: LuaState): void;
  lua_close(L: LuaState): void;
  lua_gettop(L: LuaState): number;
  lua_settop(L: LuaState, index: number): void;
  lua_absindex(L: LuaState, index: number): number;
  lua_checkstack(L: LuaState, extra: number): number;
  lua_pushvalue(L: LuaState, index: number): void;
  lua_rotate(L: LuaState, index: number, n: number): void;
  lua_copy(L: LuaState, from: number, to: number): void;
  lua_concat(L: LuaState, count: number): void;
  lua_type(L: LuaState, index: number): number;
  lua_toboolean(L: LuaState, index: number): number;
  lua_tonumberx(L: LuaState, index: number, isNumber: number): number;
  lua_isinteger(L: LuaState, index: number): number;
  lua_tointegerx(L: LuaState, index: number, isNumber: number): bigint;
  lua_tolstring(L: LuaState, index: number, length: number): number;
  lua_rawlen(L: LuaState, index: number): number;
  lua_tothread(L: LuaState, index: number): LuaState;
  lua_newthread(L: LuaState): LuaState;
  lua_resume(L: LuaState, from: LuaState, nargs: number, nresults: number): number;
  lua_yieldk(L: LuaState, nresults: number, context: number, continuation: number): number;
  lua_isyieldable(L: LuaState): number;
  lua_resetthread(L: LuaState): number;
  lua_pushnil(L: LuaState): void;
  lua_pushnumber(L: LuaState, value: number): void;
  lua_pushinteger(L: LuaState, value: bigint): void;
  lua_pushlstring(L: LuaState, pointer: number, length: number): number;
  lua_pushboolean(L: LuaState, value: number): void;
  lua_pushcclosure(L: LuaState, fn: number, upvalues: number): void;
  lua_pushlightuserdata(L: LuaState, pointer: number): void;
  lua_createtable(L: LuaState, arrayHint: number, recordHint: number): void;
  lua_rawget(L: LuaState, index: number): number;
  lua_gettable(L: LuaState, index: number): number;
  lua_newuserdatauv(L: LuaState, size: number, userValues: number): number;
  lua_rawgeti(L: LuaState, index: number, key: bigint): number;
  lua_rawset(L: LuaState, index: number): void;
  lua_rawseti(L: LuaState, index: number, key: bigint): void;
  lua_setfield(L: LuaState, index: number, key: number): void;
  lua_next(L: LuaState, index: number): number;
  lua_callk(
    L: LuaState,
    nargs: number,
    nresults: number,
    context: number,
    continuation: number,
  ): void;
  lua_pcallk(
    L: LuaState,
    nargs: number,
    nresults: number,
    handler: number,
    context: number,
    continuation: number,
  ): number;
  lual_loadbufferx(L: LuaState, buffer: number, size: number, name: number, mode: number): number;
  lua_error(L: LuaState): number;
  lua_sethook(L: LuaState, hook: number, mask: number, count: number): void;
  lua_getinfo(L: LuaState, what: number, debug: number): number;
  lual_ref(L: LuaState, table: number): number;
  lual_unref(L: LuaState, table: number, ref: number): void;
  lual_where(L: LuaState, level: number): void;
  lual_argerror(L: LuaState, arg: number, message: number): number;
  lual_checklstring(L: LuaState, arg: number, length: number): number;
  lual_checkinteger(L: LuaState, arg: number): bigint;
  lual_buffinit(L: LuaState, buffer: number): void;
  lual_addlstring(buffer: number, pointer: number, length: number): void;
  lual_addvalue(buffer: number): void;
  lual_pushresult(buffer: number): void;
}

const instantiate = webAssembly.instantiate;
/** Every module's exports instantiated while the Lua module loads (others may load meanwhile). */
const instantiated: Record<string, unknown>[] = [];
webAssembly.instantiate = async (...args: unknown[]): Promise<unknown> => {
  const result = await Reflect.apply(instantiate, webAssembly, args);
  // `{ instance, module }` from bytes, an Instance from a compiled module.
  const instance = (result as { instance?: unknown }).instance ?? result;
  instantiated.push((instance as { exports: Record<string, unknown> }).exports);
  return result;
};
let luaWasm: Awaited<ReturnType<Wasmoon.LuaFactory["getLuaModule"]>>;
try {
  luaWasm = await new LuaFactory().getLuaModule();
} finally {
  webAssembly.instantiate = instantiate;
}
const emscripten = luaWasm.module as unknown as EmscriptenModule & Record<string, unknown>;
/**
 * The module's own exports. wasmoon's build wraps each `_<symbol>` in an assertion wrapper (a
 * template string and `apply` on every call), which costs tens of nanoseconds per call; the
 * instance is caught as emscripten creates it, so the C API is called directly.
 */
const wasmExports = luaModuleExports(instantiated, emscripten.HEAPU8.buffer);
instantiated.length = 0;

/**
 * Of the exports of the modules instantiated while Lua loaded, the Lua module's own: the one whose
 * memory is the heap emscripten reads. (Another module can be instantiated meanwhile, e.g.
 * undici's HTTP parser in a server starting up, so the first one is not always Lua's.)
 */
export function luaModuleExports(
  candidates: readonly Record<string, unknown>[],
  heap: unknown,
): Record<string, unknown> | undefined {
  return candidates.find(
    (exports) => (exports["memory"] as { buffer?: unknown } | undefined)?.buffer === heap,
  );
}

/** Whether the C API is called without emscripten's per-call wrappers (see `wasmExports`). */
export const callsExportsDirectly = wasmExports !== undefined;

/** Binds each symbol to the module's export (luaL_ functions keep their C name there). */
function bindSymbols(names: readonly (keyof LuaSymbols)[]): LuaSymbols {
  const symbols: Record<string, unknown> = {};
  for (const name of names) {
    const symbol = name.replace(/^lual_/, "luaL_");
    const exported = wasmExports?.[symbol] ?? emscripten[`_${symbol}`];
    if (typeof exported !== "function") {
      throw new Error(`the Lua module does not export ${name}`);
    }
    symbols[name] = exported;
  }
  // A copy with fast properties: an object given sixty-odd keys one at a time is left in
  // dictionary mode, where every `raw.lua_…` call would look its function up in a hash table and
  // V8 could not inline the call into wasm.
  return { ...symbols } as unknown as LuaSymbols;
}

const raw = bindSymbols([
  "malloc",
  "realloc",
  "free",
  "lual_newstate",
  "lua_setallocf",
  "lual_openlibs",
  "lua_close",
  "lua_gettop",
  "lua_settop",
  "lua_absindex",
  "lua_checkstack",
  "lua_pushvalue",
  "lua_rotate",
  "lua_copy",
  "lua_concat",
  "lua_type",
  "lua_toboolean",
  "lua_tonumberx",
  "lua_isinteger",
  "lua_tointegerx",
  "lua_tolstring",
  "lua_rawlen",
  "lua_tothread",
  "lua_newthread",
  "lua_resume",
  "lua_yieldk",
  "lua_isyieldable",
  "lua_resetthread",
  "lua_pushnil",
  "lua_pushnumber",
  "lua_pushinteger",
  "lua_pushlstring",
  "lua_pushboolean",
  "lua_pushcclosure",
  "lua_pushlightuserdata",
  "lua_createtable",
  "lua_rawget",
  "lua_gettable",
  "lua_newuserdatauv",
  "lua_rawgeti",
  "lua_rawset",
  "lua_rawseti",
  "lua_setfield",
  "lua_next",
  "lua_callk",
  "lua_pcallk",
  "lual_loadbufferx",
  "lua_error",
  "lua_sethook",
  "lua_getinfo",
  "lual_ref",
  "lual_unref",
  "lual_where",
  "lual_argerror",
  "lual_checklstring",
  "lual_checkinteger",
  "lual_buffinit",
  "lual_addlstring",
  "lual_addvalue",
  "lual_pushresult",
]);

/** Lua's type tags (lua.h). */
export const LuaType = {
  NONE: -1,
  NIL: 0,
  BOOLEAN: 1,
  LIGHTUSERDATA: 2,
  NUMBER: 3,
  STRING: 4,
  TABLE: 5,
  FUNCTION: 6,
  USERDATA: 7,
  THREAD: 8,
} as const;

/** `LUA_REGISTRYINDEX` for LUAI_MAXSTACK = 1,000,000 (luaconf.h). */
export const REGISTRY_INDEX = -1_001_000;
/** The registry slot of the main thread (`LUA_RIDX_MAINTHREAD`). */
const REGISTRY_MAIN_THREAD = 1n;
/** The registry slot of the globals table (`LUA_RIDX_GLOBALS`). */
export const REGISTRY_GLOBALS = 2n;
/** Hook masks (lua.h). */
export const HOOK_MASK = { LINE: 4, COUNT: 8 } as const;
/** `lua_pcall` status for success (`LUA_OK`). */
export const LUA_OK = 0;
/** `lua_resume` status of a coroutine that yielded (`LUA_YIELD`). */
export const LUA_YIELD = 1;
/** `lua_pcall` status for an allocation the allocator refused (`LUA_ERRMEM`). */
export const LUA_ERRMEM = 4;
/** Room for a wasm32 `luaL_Buffer` (16 bytes of fields, a 512-byte initial buffer), rounded up. */
export const LUAL_BUFFER_BYTES = 1024;
/** `LUA_MULTRET`: keep every result. */
export const MULTRET = -1;

/** `lua_upvalueindex(i)`: the pseudo-index of a C closure's upvalue. */
export function upvalueIndex(i: number): number {
  return REGISTRY_INDEX - i;
}

/** 0…1023 as bigints, made once: array indexes cross into wasm as 64-bit integers. */
const SMALL_BIGINTS = Array.from({ length: 1024 }, (_, i) => BigInt(i));

/** Above this length strings go through a Buffer copy rather than a char loop. */
const SHORT_STRING = 64;

let scratch = raw.malloc(1 << 16);
let scratchSize = 1 << 16;
/** A `size_t` out-parameter for `lua_tolstring`. */
const lengthOut = raw.malloc(8);
const cStrings = new Map<string, number>();

function ensureScratch(size: number): number {
  if (size > scratchSize) {
    raw.free(scratch);
    scratchSize = 2 ** Math.ceil(Math.log2(size));
    scratch = raw.malloc(scratchSize);
  }
  return scratch;
}

/** Copies a binary string into the scratch buffer; its address. */
function writeScratch(value: string): number {
  const pointer = ensureScratch(value.length + 1);
  // The heap view is re-read each time: memory growth replaces the buffer.
  const heap = emscripten.HEAPU8;
  if (value.length <= SHORT_STRING) {
    for (let i = 0; i < value.length; i++) {
      heap[pointer + i] = value.charCodeAt(i);
    }
  } else {
    heap.set(Buffer.from(value, "latin1"), pointer);
  }
  heap[pointer + value.length] = 0;
  return pointer;
}

/**
 * Lua interns strings of up to 40 bytes (LUAI_MAXSHORTLEN): while one lives, every copy of it is
 * at the same address. The strings last read from each address are kept (a direct-mapped table),
 * so the names, keys and arguments a script passes over and over are read without building a new
 * JS string, and the engine's maps then look up a string whose hash V8 already knows. The bytes are
 * always compared: an address reused by another string reads that string.
 */
const READ_CACHE_SLOTS = 512;
const readCachePointers = new Int32Array(READ_CACHE_SLOTS);
const readCacheTexts: string[] = new Array<string>(READ_CACHE_SLOTS).fill("");

function readBytes(pointer: number, length: number): string {
  const heap = emscripten.HEAPU8;
  if (length > SHORT_STRING) {
    return Buffer.from(heap.buffer, heap.byteOffset + pointer, length).toString("latin1");
  }
  // TStrings are 8-byte aligned: the low bits say nothing.
  const slot = (pointer >>> 3) & (READ_CACHE_SLOTS - 1);
  if (readCachePointers[slot] === pointer) {
    const cached = readCacheTexts[slot] as string;
    if (cached.length === length) {
      let i = 0;
      while (i < length && cached.charCodeAt(i) === heap[pointer + i]) {
        i++;
      }
      if (i === length) {
        return cached;
      }
    }
  }
  let text = "";
  for (let i = 0; i < length; i++) {
    text += String.fromCharCode(heap[pointer + i] as number);
  }
  readCachePointers[slot] = pointer;
  readCacheTexts[slot] = text;
  return text;
}

/**
 * Memory accounting: every state allocates through the allocator of `lua-allocator.ts`, which
 * counts its bytes in the state's budget (two doubles in wasm memory: bytes in use, limit) and
 * refuses growth past the limit (Lua then collects garbage and, if that is not enough, raises "not
 * enough memory"). The limit is lifted (Infinity) outside protected calls: Lua would abort the
 * process on an allocation failure nothing catches.
 */
const allocate = emscripten.addFunction(
  wasmExports === undefined
    ? createLuaAllocatorInJs({ heapF64, realloc: raw.realloc, free: raw.free })
    : createLuaAllocator({
        memory: wasmExports["memory"],
        realloc: wasmExports["realloc"],
        free: wasmExports["free"],
      }),
  "iiiii",
);

/** The budget block of each main state (the allocator's `ud`). */
const budgets = new Map<LuaState, number>();

/**
 * A view of the wasm heap as doubles. Memory growth detaches the buffer under it, which leaves the
 * view empty: then a new one is made over the new buffer.
 */
let f64View = new Float64Array(emscripten.HEAPU8.buffer);
function heapF64(): Float64Array {
  if (f64View.length === 0) {
    f64View = new Float64Array(emscripten.HEAPU8.buffer);
  }
  return f64View;
}

/**
 * The C API with binary strings. Functions keep Lua's names (`pushString` is `lua_pushlstring`,
 * `toString` is `lua_tolstring`), so the C sources they mirror stay easy to compare.
 */
export const lua = {
  /** A state with the standard libraries, its memory counted from here on and not yet limited. */
  newState: (): LuaState => {
    const L = raw.lual_newstate();
    // luaL_newstate's allocator is realloc/free from the same heap, so the few blocks allocated so
    // far can be freed by this one (they are left out of the count).
    const budget = raw.malloc(BUDGET_BYTES);
    const heap = heapF64();
    heap[(budget + BUDGET_USED) >> 3] = 0;
    heap[(budget + BUDGET_LIMIT) >> 3] = Number.POSITIVE_INFINITY;
    budgets.set(L, budget);
    raw.lua_setallocf(L, allocate, budget);
    raw.lual_openlibs(L);
    return L;
  },
  close: (L: LuaState): void => {
    raw.lua_close(L);
    const budget = budgets.get(L);
    budgets.delete(L);
    if (budget !== undefined) {
      raw.free(budget);
    }
  },
  /** Bytes a main state has allocated (what Lua counts, without the allocator's own overhead). */
  memoryUsed: (L: LuaState): number => {
    const budget = budgets.get(L);
    return budget === undefined ? 0 : (heapF64()[(budget + BUDGET_USED) >> 3] as number);
  },
  /**
   * Caps a main state's memory (Infinity lifts the cap). Only while a protected call runs: an
   * allocation refused outside one aborts the process.
   */
  setMemoryLimit: (L: LuaState, bytes: number): void => {
    const budget = budgets.get(L);
    if (budget !== undefined) {
      heapF64()[(budget + BUDGET_LIMIT) >> 3] = bytes;
    }
  },
  /** The wasm heap now (memory growth replaces the view: read it again after allocating). */
  heap: (): Uint8Array => emscripten.HEAPU8,
  getTop: (L: LuaState): number => raw.lua_gettop(L),
  setTop: (L: LuaState, index: number): void => raw.lua_settop(L, index),
  pop: (L: LuaState, count: number): void => raw.lua_settop(L, -count - 1),
  absIndex: (L: LuaState, index: number): number => raw.lua_absindex(L, index),
  checkStack: (L: LuaState, extra: number): boolean => raw.lua_checkstack(L, extra) !== 0,
  pushValue: (L: LuaState, index: number): void => raw.lua_pushvalue(L, index),
  /** `lua_insert`: moves the top element to `index`. */
  insert: (L: LuaState, index: number): void => raw.lua_rotate(L, index, 1),
  /** `lua_replace`: pops the top into `index` (an upvalue pseudo-index too). */
  replace: (L: LuaState, index: number): void => {
    raw.lua_copy(L, -1, index);
    raw.lua_settop(L, -2);
  },
  /** Concatenates the `count` values on top (`..` with metamethods), leaving the result. */
  concat: (L: LuaState, count: number): void => raw.lua_concat(L, count),
  type: (L: LuaState, index: number): number => raw.lua_type(L, index),
  toBoolean: (L: LuaState, index: number): boolean => raw.lua_toboolean(L, index) !== 0,
  toNumber: (L: LuaState, index: number): number => raw.lua_tonumberx(L, index, 0),
  isInteger: (L: LuaState, index: number): boolean => raw.lua_isinteger(L, index) !== 0,
  toInteger: (L: LuaState, index: number): bigint => raw.lua_tointegerx(L, index, 0),
  /** `lua_tolstring` as a binary string; numbers are converted in place, as in C. */
  toString: (L: LuaState, index: number): string => {
    const pointer = raw.lua_tolstring(L, index, lengthOut);
    return pointer === 0 ? "" : readBytes(pointer, emscripten.HEAPU32[lengthOut >> 2] as number);
  },
  /**
   * A string's bytes where Lua keeps them, valid while the string is on the stack (numbers are
   * converted in place, as by `lua_tolstring`).
   */
  stringAt: (L: LuaState, index: number): { pointer: number; length: number } => {
    const pointer = raw.lua_tolstring(L, index, lengthOut);
    return { pointer, length: pointer === 0 ? 0 : (emscripten.HEAPU32[lengthOut >> 2] as number) };
  },
  /** `lua_tonumberx`: the number a number or numeric string holds, else undefined. */
  toNumberIfNumeric: (L: LuaState, index: number): number | undefined => {
    const value = raw.lua_tonumberx(L, index, lengthOut);
    return emscripten.HEAPU32[lengthOut >> 2] === 0 ? undefined : value;
  },
  rawLength: (L: LuaState, index: number): number => raw.lua_rawlen(L, index),
  /** The state's main thread (`L` may be a coroutine's). */
  mainThread: (L: LuaState): LuaState => {
    raw.lua_rawgeti(L, REGISTRY_INDEX, REGISTRY_MAIN_THREAD);
    const thread = raw.lua_tothread(L, -1);
    raw.lua_settop(L, -2);
    return thread;
  },
  /** `lua_newthread`: a coroutine of `L`'s state, pushed on `L` (keep a reference to keep it). */
  newThread: (L: LuaState): LuaState => raw.lua_newthread(L),
  /**
   * `lua_resume` of the coroutine `L` with the `args` values on top of its stack (the function
   * below them on first start): its status (`LUA_OK`, `LUA_YIELD` or an error) and how many
   * values it left on top.
   */
  resume: (L: LuaState, args: number): { status: number; results: number } => {
    const status = raw.lua_resume(L, 0, args, lengthOut);
    return { status, results: emscripten.HEAP32[lengthOut >> 2] as number };
  },
  /** Whether the running coroutine `L` may yield here (no C call without continuation below). */
  isYieldable: (L: LuaState): boolean => raw.lua_isyieldable(L) !== 0,
  /** `lua_resetthread`: makes a coroutine that failed usable again (closing what it held). */
  resetThread: (L: LuaState): number => raw.lua_resetthread(L),
  pushNil: (L: LuaState): void => raw.lua_pushnil(L),
  pushNumber: (L: LuaState, value: number): void => raw.lua_pushnumber(L, value),
  pushInteger: (L: LuaState, value: number | bigint): void =>
    raw.lua_pushinteger(
      L,
      typeof value === "bigint" ? value : (SMALL_BIGINTS[value] ?? BigInt(value)),
    ),
  pushString: (L: LuaState, value: string): void => {
    raw.lua_pushlstring(L, writeScratch(value), value.length);
  },
  /** `lua_pushlstring` of bytes already in wasm memory (part of another string, a buffer). */
  pushBytes: (L: LuaState, pointer: number, length: number): void => {
    raw.lua_pushlstring(L, pointer, length);
  },
  /** A full userdata of `size` bytes, pushed; its address (allocated from the state's budget). */
  newUserdata: (L: LuaState, size: number): number => raw.lua_newuserdatauv(L, size, 0),
  pushBoolean: (L: LuaState, value: boolean): void => raw.lua_pushboolean(L, value ? 1 : 0),
  pushFunction: (L: LuaState, fn: number): void => raw.lua_pushcclosure(L, fn, 0),
  /** A C closure over the `upvalues` values on top of the stack (popped). */
  pushClosure: (L: LuaState, fn: number, upvalues: number): void =>
    raw.lua_pushcclosure(L, fn, upvalues),
  /** The NULL light userdata, which is `cjson.null`. */
  pushNull: (L: LuaState): void => raw.lua_pushlightuserdata(L, 0),
  createTable: (L: LuaState, arrayHint = 0, recordHint = 0): void =>
    raw.lua_createtable(L, arrayHint, recordHint),
  /** `t[key]` without metamethods, for the table at `index` (pushes the value; its type). */
  rawGetField: (L: LuaState, index: number, key: string): number => {
    const table = raw.lua_absindex(L, index);
    lua.pushString(L, key);
    return raw.lua_rawget(L, table);
  },
  /** `t[i]` without metamethods (pushes the value; its type). */
  rawGetIndex: (L: LuaState, index: number, i: number): number => {
    const table = raw.lua_absindex(L, index);
    // A float key with an integral value is normalised to an integer key, avoiding a bigint.
    raw.lua_pushnumber(L, i);
    return raw.lua_rawget(L, table);
  },
  /** `t[key] = top` without metamethods; pops the value. */
  rawSetField: (L: LuaState, index: number, key: string): void => {
    const table = raw.lua_absindex(L, index);
    lua.pushString(L, key);
    raw.lua_rotate(L, -2, 1);
    raw.lua_rawset(L, table);
  },
  /**
   * `t[key] = top` with metamethods (`lua_setfield`, the key a C string kept for the process); pops
   * the value. On a table without a metatable (one just created) it is `rawSetField` in one call.
   */
  setField: (L: LuaState, index: number, key: string): void =>
    raw.lua_setfield(L, index, cString(key)),
  /** `t[key] = value` without metamethods, the key below the value on top; pops both. */
  rawSet: (L: LuaState, index: number): void => raw.lua_rawset(L, index),
  /** `t[i] = top` without metamethods; pops the value. */
  rawSetIndex: (L: LuaState, index: number, i: number): void => {
    // One call with the index as a (cached) bigint, where pushing it as a number took three.
    raw.lua_rawseti(L, index, SMALL_BIGINTS[i] ?? BigInt(i));
  },
  next: (L: LuaState, index: number): boolean => raw.lua_next(L, index) !== 0,
  /** `t[k]` with metamethods, `k` popped from the top (pushes the value; its type). */
  getTable: (L: LuaState, index: number): number => raw.lua_gettable(L, index),
  /** Pushes `registry[ref]`. */
  getRef: (L: LuaState, ref: number): number =>
    raw.lua_rawgeti(L, REGISTRY_INDEX, SMALL_BIGINTS[ref] ?? BigInt(ref)),
  /** Pops the top into the registry; the reference. */
  ref: (L: LuaState): number => raw.lual_ref(L, REGISTRY_INDEX),
  unref: (L: LuaState, ref: number): void => raw.lual_unref(L, REGISTRY_INDEX, ref),
  /** Replaces the globals table new chunks get as `_ENV` with the value on top (popped). */
  setGlobalsTable: (L: LuaState): void => {
    raw.lua_pushinteger(L, REGISTRY_GLOBALS);
    raw.lua_rotate(L, -2, 1);
    raw.lua_rawset(L, REGISTRY_INDEX);
  },
  /** Compiles `source` (text only, never bytecode) as a chunk named `name`: `LUA_OK` or an error. */
  load: (L: LuaState, source: string, name: string): number => {
    const buffer = writeScratch(source);
    return raw.lual_loadbufferx(L, buffer, source.length, cString(name), cString("t"));
  },
  /** An unprotected call: errors unwind through the caller (only from inside a C function). */
  call: (L: LuaState, args: number, results: number): void => raw.lua_callk(L, args, results, 0, 0),
  /**
   * `call` that a coroutine may yield across: after a yield, Lua finishes the calling C function
   * with `continuation` (a `continuationFunction`) instead of returning into it.
   */
  callYieldable: (
    L: LuaState,
    options: { args: number; results: number; continuation: number },
  ): void => raw.lua_callk(L, options.args, options.results, 0, options.continuation),
  pcall: (L: LuaState, options: { args: number; results: number; handler: number }): number =>
    raw.lua_pcallk(L, options.args, options.results, options.handler, 0, 0),
  /** Raises the value on top as a Lua error. Never returns (it unwinds through wasm). */
  error: (L: LuaState): number => raw.lua_error(L),
  /** `luaL_where`: pushes "chunk:line: " of the function at `level` ("" for a C function). */
  pushWhere: (L: LuaState, level: number): void => raw.lual_where(L, level),
  /** `luaL_argerror`: raises "bad argument #arg to 'name' (message)". Never returns. */
  argError: (L: LuaState, arg: number, message: string): number =>
    raw.lual_argerror(L, arg, cString(message)),
  /** `luaL_checklstring`: raises Lua's own argument error unless `arg` is a string or a number. */
  checkString: (L: LuaState, arg: number): void => {
    raw.lual_checklstring(L, arg, 0);
  },
  /** `luaL_checkinteger`: raises Lua's own argument error unless `arg` is an integer. */
  checkInteger: (L: LuaState, arg: number): bigint => raw.lual_checkinteger(L, arg),
  /**
   * `luaL_Buffer` in `buffer` (LUAL_BUFFER_BYTES of wasm memory that outlives its use, e.g. a
   * userdata on the stack): `luaL_buffinit` pushes its placeholder; add values above it.
   */
  bufferInit: (L: LuaState, buffer: number): void => raw.lual_buffinit(L, buffer),
  bufferAddBytes: (buffer: number, pointer: number, length: number): void =>
    raw.lual_addlstring(buffer, pointer, length),
  /** `luaL_addvalue`: adds the string or number on top (popped). */
  bufferAddValue: (buffer: number): void => raw.lual_addvalue(buffer),
  /** `luaL_pushresult`: replaces the placeholder with the built string. */
  bufferPushResult: (buffer: number): void => raw.lual_pushresult(buffer),
  setHook: (L: LuaState, hook: number, options: { mask: number; count: number }): void =>
    raw.lua_sethook(L, hook, options.mask, options.count),
  /** In a hook: the `source` of the running function (`ar` is the hook's lua_Debug*). */
  hookSource: (L: LuaState, ar: number): string => {
    raw.lua_getinfo(L, cString("S"), ar);
    // lua_Debug on wasm32: event, name, namewhat, what, then source (4 bytes each).
    const pointer = emscripten.HEAPU32[(ar + 16) >> 2] as number;
    const heap = emscripten.HEAPU8;
    let text = "";
    for (let i = pointer; heap[i] !== 0 && text.length < 64; i++) {
      text += String.fromCharCode(heap[i] as number);
    }
    return text;
  },
} as const;

/**
 * A C function's arguments read straight from the Lua stack, without a call into wasm per value
 * (`lua_type` then `lua_tolstring` or `lua_tonumberx`): Lua 5.4's layout on wasm32, checked
 * against the C API once at start-up (`verifyStackLayout`); when it does not match, the C API is
 * used.
 *
 * lua_State: `top` at 12, `ci` at 20; CallInfo: `func` at 0; a stack slot is 16 bytes, its value
 * first and its type tag at 8. TString: `shrlen` at 7, `u.lnglen` at 12, the bytes at 16.
 */
const STATE_TOP = 12;
const STATE_CI = 20;
const SLOT_BYTES = 16;
const SLOT_TAG = 8;
const TAG_INTEGER = 0x03;
const TAG_FLOAT = 0x13;
const TAG_SHORT_STRING = 0x44;
const TAG_LONG_STRING = 0x54;
const STRING_SHORT_LENGTH = 7;
const STRING_LONG_LENGTH = 12;
const STRING_BYTES = 16;
const TWO_POW_32 = 2 ** 32;
/** Whether the stack layout was verified (set at the end of this module). */
let readsStackDirectly: boolean | undefined;

/**
 * The running C function's arguments as strings, numbers formatted by `formatNumber`; undefined
 * when one is neither a string nor a number (luaArgsToRedisArgv's reading).
 */
export function callArguments(
  L: LuaState,
  formatNumber: (value: number) => string,
): string[] | undefined {
  return readsStackDirectly === true
    ? callArgumentsFromStack(L, formatNumber)
    : callArgumentsThroughApi(L, formatNumber);
}

function callArgumentsThroughApi(
  L: LuaState,
  formatNumber: (value: number) => string,
): string[] | undefined {
  const count = lua.getTop(L);
  const argv: string[] = [];
  for (let i = 1; i <= count; i++) {
    const type = lua.type(L, i);
    if (type === LuaType.NUMBER) {
      argv.push(formatNumber(lua.toNumber(L, i)));
    } else if (type === LuaType.STRING) {
      argv.push(lua.toString(L, i));
    } else {
      return undefined;
    }
  }
  return argv;
}

function callArgumentsFromStack(
  L: LuaState,
  formatNumber: (value: number) => string,
): string[] | undefined {
  const words = emscripten.HEAPU32;
  const heap = emscripten.HEAPU8;
  const top = words[(L + STATE_TOP) >> 2] as number;
  const first = (words[(words[(L + STATE_CI) >> 2] as number) >> 2] as number) + SLOT_BYTES;
  // Sized once: an array grown by push starts with room for sixteen, most of a call's garbage.
  const argv = new Array<string>(Math.max(0, (top - first) / SLOT_BYTES));
  for (let slot = first, i = 0; slot < top; slot += SLOT_BYTES, i++) {
    const tag = heap[slot + SLOT_TAG];
    if (tag === TAG_SHORT_STRING) {
      const text = words[slot >> 2] as number;
      argv[i] = readBytes(text + STRING_BYTES, heap[text + STRING_SHORT_LENGTH] as number);
    } else if (tag === TAG_LONG_STRING) {
      const text = words[slot >> 2] as number;
      argv[i] = readBytes(text + STRING_BYTES, words[(text + STRING_LONG_LENGTH) >> 2] as number);
    } else if (tag === TAG_INTEGER) {
      // (double) of the 64-bit integer: both halves are exact, the one addition rounds as C does.
      const low = words[slot >> 2] as number;
      const high = emscripten.HEAP32[(slot + 4) >> 2] as number;
      argv[i] = formatNumber(high * TWO_POW_32 + low);
    } else if (tag === TAG_FLOAT) {
      argv[i] = formatNumber(heapF64()[slot >> 3] as number);
    } else {
      return undefined;
    }
  }
  return argv;
}

/** Whether the running C function's arguments are read from the stack without the C API. */
export function readsArgumentsDirectly(): boolean {
  return readsStackDirectly === true;
}

/**
 * Whether `callArgumentsFromStack` reads what the C API reads, on values of every kind it
 * handles: a short and a long string (with a NUL), integers either side of 2^32 and 2^53, floats.
 */
function verifyStackLayout(): boolean {
  const L = lua.newState();
  try {
    const format = (value: number): string => `n${value}`;
    let matches = false;
    const probe = cFunction((state) => {
      const expected = callArgumentsThroughApi(state, format);
      const read = callArgumentsFromStack(state, format);
      matches =
        expected !== undefined &&
        expected.length === 9 &&
        read !== undefined &&
        read.join("\u0001") === expected.join("\u0001");
      return 0;
    });
    const source =
      "local probe = ...\n" +
      "probe('key\\0:1', string.rep('v', 100), 42, -7, 0x10000000001, 0x20000000000001, " +
      "-0x7ffffffffffffff3, 1.5, -0.25)";
    if (lua.load(L, source, "=probe") !== LUA_OK) {
      return false;
    }
    lua.pushFunction(L, probe);
    return lua.pcall(L, { args: 1, results: 0, handler: 0 }) === LUA_OK && matches;
  } finally {
    lua.close(L);
  }
}

/** A C string in wasm memory, allocated once per distinct text (chunk names, modes). */
function cString(text: string): number {
  let pointer = cStrings.get(text);
  if (pointer === undefined) {
    pointer = emscripten.stringToNewUTF8(text);
    cStrings.set(text, pointer);
  }
  return pointer;
}

/** What a C function returns to ask its wrapper to raise the value it pushed. */
export const RAISE = -1;

/**
 * Registers a JS function as a `lua_CFunction`. `body` returns its number of results, or `RAISE`
 * after pushing an error value. JS exceptions never cross into wasm: they become Lua errors, so a
 * bug cannot leave the Lua state half-unwound. Lua's own `longjmp` (emscripten throws a number)
 * passes through untouched.
 */
export function cFunction(body: (L: LuaState) => number): number {
  return emscripten.addFunction((L: number): number => {
    let results: number;
    try {
      results = body(L);
    } catch (error: unknown) {
      if (typeof error === "number") {
        throw error;
      }
      lua.pushString(
        L,
        `emulator error: ${error instanceof Error ? error.message : String(error)}`,
      );
      results = RAISE;
    }
    // Outside the try: lua_error unwinds by throwing, which the catch above must not see.
    return results === RAISE ? lua.error(L) : results;
  }, "ii");
}

/** What a hook asks of the VM: go on, raise the error it pushed, or yield the coroutine. */
export type HookAction = "continue" | "raise" | "yield";

/**
 * Registers a JS function as a `lua_Hook`. `"raise"` raises the error `body` pushed; `"yield"`
 * suspends the running coroutine (only for count and line events, and only where
 * `lua.isYieldable` holds): its `lua_resume` returns `LUA_YIELD`, and the next resume carries on
 * from the instruction it stopped at.
 */
export function hookFunction(body: (L: LuaState, ar: number) => HookAction): number {
  return emscripten.addFunction((L: number, ar: number): undefined => {
    let action: HookAction;
    try {
      action = body(L, ar);
    } catch (error: unknown) {
      if (typeof error === "number") {
        throw error;
      }
      lua.pushString(
        L,
        `emulator error: ${error instanceof Error ? error.message : String(error)}`,
      );
      action = "raise";
    }
    if (action === "raise") {
      lua.error(L);
    } else if (action === "yield") {
      // Inside a hook, lua_yield returns here; the VM throws the yield once the hook is done.
      raw.lua_yieldk(L, 0, 0, 0);
    }
    return undefined;
  }, "vii");
}

/**
 * Registers a JS function as a `lua_KFunction` (state, status, context): the continuation of a C
 * function that called Lua with `lua.callYieldable`, run when the coroutine resumes after a yield.
 */
export function continuationFunction(body: (L: LuaState) => number): number {
  return emscripten.addFunction((L: number): number => body(L), "iiii");
}

/**
 * Set at start-up, once the module is initialised: whether `callArguments` reads the stack itself.
 */
readsStackDirectly = verifyStackLayout();
