/**
 * Redis's conversion rules between replies and Lua values (src/script_lua.c). A script speaks
 * RESP2 until it calls `redis.setresp(3)`:
 *
 * - reply → Lua (`redisProtocolToLuaType`): integer → number, bulk → string, status → `{ok=…}`,
 *   error → `{err=…}`, array → table; the nulls → false under RESP2, nil under RESP3. Under RESP3
 *   the command's reply has its RESP3 shape first, and a map → `{map={k=v…}}`, a set →
 *   `{set={m=true…}}`, a double → `{double=n}`, a boolean → boolean;
 * - Lua → reply (`luaReplyToRedisReply`): string → bulk, number → integer (truncated), true → 1
 *   and false → null under RESP2 (booleans under RESP3), `{err=…}` → error, `{ok=…}` → status,
 *   `{double=…}`, `{big_number=…}`, `{verbatim_string=…}`, `{map=…}`, `{set=…}` → those RESP3
 *   types (whichever protocol the script speaks: the client's protocol decides how they are
 *   written), other tables → arrays up to the first nil, anything else → null.
 */
import { countedError } from "../call-stats.ts";
import { formatDouble } from "../numbers.ts";
import { type Reply, reply } from "../reply.ts";
import type { ScriptProtocol } from "./host-functions.ts";
import { type LuaState, LuaType, lua } from "./lua-runtime.ts";

/**
 * Redis converts a reply recursively, and each value first asks `lua_checkstack(lua, 4)`: past
 * LUAI_MAXCSTACK (8000 slots) that value becomes the error. An enclosing array holds one slot, a
 * map or set three or four, so on redis-server 7.0 self-referencing tables nest 7995 arrays, 2665
 * maps or sets, then the error. The emulator stops every kind at 1000 levels with the same error:
 * REST's JSON encoders and the RESP3 reshaping recurse, one call per level, and 1000 levels leave
 * them room on any call stack.
 */
const MAX_REPLY_NESTING = 1000;
const STACK_LIMIT_ERROR = "ERR reached lua stack limit";
const LLONG_MIN = -9223372036854775808n;
const TWO_POW_63 = 2 ** 63;

/** `(long long)` of a Lua number as x86 computes it: truncation; NaN and overflow give LLONG_MIN. */
export function luaNumberToInteger(value: number): number | bigint {
  if (!Number.isFinite(value) || value >= TWO_POW_63 || value < -TWO_POW_63) {
    return LLONG_MIN;
  }
  const truncated = Math.trunc(value);
  if (Number.isSafeInteger(truncated)) {
    return truncated === 0 ? 0 : truncated;
  }
  return BigInt(truncated);
}

function integerAt(L: LuaState, index: number): number | bigint {
  if (lua.isInteger(L, index)) {
    // As a double first: exact for every safe integer, and no bigint crosses from wasm.
    const double = lua.toNumber(L, index);
    if (Number.isSafeInteger(double)) {
      return double;
    }
    const value = lua.toInteger(L, index);
    return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
      ? Number(value)
      : value;
  }
  return luaNumberToInteger(lua.toNumber(L, index));
}

/** Replies Redis writes after mapping CR and LF to spaces (status, error, big number). */
function oneLine(text: string): string {
  return text.replace(/[\r\n]/g, " ");
}

/** A scalar or a special table at the top of the stack, converted; undefined for an aggregate. */
type Aggregate =
  | { readonly kind: "array"; readonly pops: number }
  | { readonly kind: "map"; readonly pops: number }
  | { readonly kind: "set"; readonly pops: number };

/**
 * Inspects the table on top: a reply for `{err}`, `{ok}`, `{double}`, `{big_number}` and
 * `{verbatim_string}` tables, or how to iterate it. For `map` and `set` the inner table is pushed.
 */
function inspectTable(L: LuaState): Reply | Aggregate {
  if (lua.rawGetField(L, -1, "err") === LuaType.STRING) {
    const message = oneLine(lua.toString(L, -1));
    lua.pop(L, 1);
    const isCounted = lua.rawGetField(L, -1, IGNORE_STATS_FIELD) === LuaType.BOOLEAN;
    lua.pop(L, 1);
    return isCounted ? countedError(message) : reply.error(message);
  }
  lua.pop(L, 1);
  if (lua.rawGetField(L, -1, "ok") === LuaType.STRING) {
    const status = lua.toString(L, -1);
    lua.pop(L, 1);
    return reply.simple(oneLine(status));
  }
  lua.pop(L, 1);
  if (lua.rawGetField(L, -1, "double") === LuaType.NUMBER) {
    const value = lua.toNumber(L, -1);
    lua.pop(L, 1);
    return { kind: "double", value, text: Number.isNaN(value) ? "nan" : formatDouble(value) };
  }
  lua.pop(L, 1);
  if (lua.rawGetField(L, -1, "big_number") === LuaType.STRING) {
    const value = lua.toString(L, -1);
    lua.pop(L, 1);
    return { kind: "big-number", text: oneLine(value) };
  }
  lua.pop(L, 1);
  const verbatim = verbatimString(L);
  if (verbatim !== undefined) {
    return verbatim;
  }
  if (lua.rawGetField(L, -1, "map") === LuaType.TABLE) {
    return { kind: "map", pops: 2 };
  }
  lua.pop(L, 1);
  if (lua.rawGetField(L, -1, "set") === LuaType.TABLE) {
    return { kind: "set", pops: 2 };
  }
  lua.pop(L, 1);
  return { kind: "array", pops: 1 };
}

function verbatimString(L: LuaState): Reply | undefined {
  let value: Reply | undefined;
  if (lua.rawGetField(L, -1, "verbatim_string") === LuaType.TABLE) {
    const hasFormat = lua.rawGetField(L, -1, "format") === LuaType.STRING;
    const format = hasFormat ? lua.toString(L, -1) : "";
    lua.pop(L, 1);
    if (hasFormat && lua.rawGetField(L, -1, "string") === LuaType.STRING) {
      value = { kind: "verbatim", format: verbatimFormat(format), value: lua.toString(L, -1) };
    }
    if (hasFormat) {
      lua.pop(L, 1);
    }
  }
  lua.pop(L, 1);
  return value;
}

/**
 * addReplyVerbatim copies three characters of the format from its C string: a shorter one (or one
 * cut short by a NUL) is padded with spaces.
 */
function verbatimFormat(format: string): string {
  const end = format.indexOf("\0");
  return (end === -1 ? format : format.slice(0, end)).slice(0, 3).padEnd(3, " ");
}

function scalar(L: LuaState, type: number, protocol: ScriptProtocol): Reply {
  switch (type) {
    case LuaType.STRING:
      return reply.bulk(lua.toString(L, -1));
    case LuaType.BOOLEAN:
      if (protocol === 3) {
        return { kind: "boolean", value: lua.toBoolean(L, -1) };
      }
      return lua.toBoolean(L, -1) ? reply.integer(1) : reply.null();
    case LuaType.NUMBER:
      return reply.integer(integerAt(L, -1));
    default:
      return reply.null();
  }
}

interface Frame {
  readonly kind: Aggregate["kind"];
  readonly pops: number;
  readonly items: Reply[];
  /** The next array index, or for maps whether the pending value is the key's (1) or next (0). */
  position: number;
}

/**
 * Pushes the next element of `frame` (its table on top, or its iteration key above it) for
 * conversion; false when the aggregate is complete.
 */
function advance(L: LuaState, frame: Frame): boolean {
  if (frame.kind === "array") {
    if (lua.rawGetIndex(L, -1, frame.position++) === LuaType.NIL) {
      lua.pop(L, 1);
      return false;
    }
    return true;
  }
  if (frame.kind === "map" && frame.position === 1) {
    // The key was converted; the value is on top now.
    frame.position = 0;
    return true;
  }
  // The table with the last key above it (nil to start).
  if (!lua.next(L, -2)) {
    return false;
  }
  if (frame.kind === "set") {
    lua.pop(L, 1);
  } else {
    frame.position = 1;
  }
  // A copy of the key is converted, so the iteration key itself stays untouched.
  lua.pushValue(L, frame.kind === "set" ? -1 : -2);
  return true;
}

/**
 * Converts the value on top of the stack to a reply (and pops it), as `luaReplyToRedisReply`;
 * `protocol` is the one the script last chose (`redis.setresp`).
 */
export function luaToReply(L: LuaState, protocol: ScriptProtocol): Reply {
  const frames: Frame[] = [];
  for (;;) {
    let result: Reply;
    const type = lua.type(L, -1);
    if (frames.length >= MAX_REPLY_NESTING) {
      lua.pop(L, 1);
      result = reply.error(STACK_LIMIT_ERROR);
    } else if (type === LuaType.TABLE) {
      const inspected = inspectTable(L);
      if ("pops" in inspected) {
        if (inspected.kind !== "array") {
          lua.pushNil(L);
        }
        const frame: Frame = {
          kind: inspected.kind,
          pops: inspected.pops,
          items: [],
          position: inspected.kind === "array" ? 1 : 0,
        };
        lua.checkStack(L, 4);
        if (advance(L, frame)) {
          frames.push(frame);
          continue;
        }
        lua.pop(L, frame.pops);
        result = aggregate(frame);
      } else {
        lua.pop(L, 1);
        result = inspected;
      }
    } else {
      result = scalar(L, type, protocol);
      lua.pop(L, 1);
    }
    // Hand the result to the enclosing aggregates, completing those that are done.
    for (;;) {
      const frame = frames.at(-1);
      if (frame === undefined) {
        return result;
      }
      frame.items.push(result);
      if (advance(L, frame)) {
        break;
      }
      frames.pop();
      lua.pop(L, frame.pops);
      result = aggregate(frame);
    }
  }
}

function aggregate(frame: Frame): Reply {
  return frame.kind === "array"
    ? reply.array(frame.items)
    : { kind: frame.kind, items: frame.items };
}

/** The field that marks an error table as counted already (a command's error reply). */
export const IGNORE_STATS_FIELD = "ignore_error_stats_update";

/**
 * luaPushErrorBuff: "-CODE message" (or a plain message, code ERR) → `{err="CODE message"}`,
 * trimmed of CR/LF. Only a command's error is flagged `ignore_error_stats_update` (pushReply).
 */
export function pushErrorTable(L: LuaState, text: string): void {
  let code = "ERR";
  let message = text;
  if (text.startsWith("-")) {
    const space = text.indexOf(" ");
    if (space === -1) {
      message = text.slice(1);
    } else {
      code = text.slice(1, space);
      message = text.slice(space + 1);
    }
  }
  message = message.replace(/^[\r\n]+|[\r\n]+$/g, "");
  lua.createTable(L, 0, 2);
  lua.pushString(L, `${code} ${message}`);
  lua.setField(L, -2, "err");
}

/** Integers as Lua numbers: exact integers up to 2^53, rounded doubles beyond, as in 5.1. */
function pushReplyInteger(L: LuaState, value: number | bigint): void {
  if (typeof value === "number") {
    if (Number.isSafeInteger(value)) {
      lua.pushInteger(L, value);
    } else {
      lua.pushNumber(L, value);
    }
    return;
  }
  if (value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)) {
    lua.pushInteger(L, value);
  } else {
    lua.pushNumber(L, Number(value));
  }
}

/**
 * Pushes a command's reply as Lua sees it (`redisProtocolToLuaType`) in the script's `protocol`:
 * under RESP3 the reply has its RESP3 shape already (`toResp3Reply`).
 */
export function pushReply(L: LuaState, value: Reply, protocol: ScriptProtocol): void {
  // A reply takes at most four slots (a table, its field's table, a key, a value): a C function is
  // given LUA_MINSTACK (20) free slots, and an aggregate makes room for each of its items below.
  switch (value.kind) {
    case "integer":
      pushReplyInteger(L, value.value);
      return;
    case "bulk":
      lua.pushString(L, value.value);
      return;
    case "null":
    case "null-array":
      if (protocol === 3) {
        lua.pushNil(L);
      } else {
        lua.pushBoolean(L, false);
      }
      return;
    case "simple":
      pushOneField(L, "ok", value.value);
      return;
    case "error":
      pushErrorTable(L, `-${value.message}`);
      // A command's error was counted (errorstats) when it was made: the script's reply, if it
      // passes the table on, does not count it again.
      lua.pushBoolean(L, true);
      lua.setField(L, -2, IGNORE_STATS_FIELD);
      return;
    case "array":
      lua.createTable(L, value.items.length, 0);
      lua.checkStack(L, 4);
      for (let i = 0; i < value.items.length; i++) {
        pushReply(L, value.items[i] as Reply, protocol);
        lua.rawSetIndex(L, -2, i + 1);
      }
      return;
    case "boolean":
      lua.pushBoolean(L, value.value);
      return;
    case "double":
      pushOneField(L, "double", value.value);
      return;
    case "big-number":
      pushOneField(L, "big_number", value.text);
      return;
    case "verbatim":
      lua.createTable(L, 0, 1);
      lua.createTable(L, 0, 2);
      lua.pushString(L, value.value);
      lua.setField(L, -2, "string");
      lua.pushString(L, value.format);
      lua.setField(L, -2, "format");
      lua.setField(L, -2, "verbatim_string");
      return;
    case "map":
    case "set":
      pushKeyed(L, value, protocol);
      return;
    default:
      value satisfies never;
  }
}

/** `{field=value}`: a status, a double, a big number. */
function pushOneField(L: LuaState, field: string, value: string | number): void {
  lua.createTable(L, 0, 1);
  if (typeof value === "number") {
    lua.pushNumber(L, value);
  } else {
    lua.pushString(L, value);
  }
  lua.setField(L, -2, field);
}

/** `{map={key=value…}}` or `{set={member=true…}}`; a null key (none in Redis's replies) is skipped. */
function pushKeyed(
  L: LuaState,
  value: Reply & { kind: "map" | "set" },
  protocol: ScriptProtocol,
): void {
  const isMap = value.kind === "map";
  const count = isMap ? value.items.length / 2 : value.items.length;
  lua.createTable(L, 0, 1);
  lua.createTable(L, 0, count);
  lua.checkStack(L, 4);
  const step = isMap ? 2 : 1;
  for (let i = 0; i + step - 1 < value.items.length; i += step) {
    const key = value.items[i] as Reply;
    if (key.kind === "null" || key.kind === "null-array") {
      continue;
    }
    pushReply(L, key, protocol);
    if (isMap) {
      pushReply(L, value.items[i + 1] as Reply, protocol);
    } else {
      lua.pushBoolean(L, true);
    }
    lua.rawSet(L, -3);
  }
  lua.setField(L, -2, value.kind);
}

/** A binary string array as a Lua table (KEYS, ARGV, a function's keys and args). */
export function pushStringArray(L: LuaState, values: readonly string[]): void {
  lua.createTable(L, values.length, 0);
  for (let i = 0; i < values.length; i++) {
    lua.pushString(L, values[i] as string);
    lua.rawSetIndex(L, -2, i + 1);
  }
}

/**
 * C's `%.<precision>g` of a double, for the arguments Redis formats with `"%.17g"` (a number passed
 * to redis.call). NaN prints with the sign x86 would have given it (see the prelude).
 */
export function formatG(value: number, precision: number): string {
  if (Number.isNaN(value)) {
    const view = new DataView(new ArrayBuffer(8));
    view.setFloat64(0, value);
    return view.getUint8(0) >= 128 ? "nan" : "-nan";
  }
  if (!Number.isFinite(value)) {
    return value > 0 ? "inf" : "-inf";
  }
  if (value === 0) {
    return Object.is(value, -0) ? "-0" : "0";
  }
  const [mantissa = "", exponentText = "0"] = value.toExponential(precision - 1).split("e");
  const exponent = Number(exponentText);
  if (exponent < -4 || exponent >= precision) {
    const digits = stripZeros(mantissa);
    const sign = exponent < 0 ? "-" : "+";
    return `${digits}e${sign}${String(Math.abs(exponent)).padStart(2, "0")}`;
  }
  return stripZeros(value.toFixed(precision - 1 - exponent));
}

function stripZeros(text: string): string {
  return text.includes(".") ? text.replace(/\.?0+$/, "") : text;
}
