/**
 * `string.find`, `match`, `gmatch`, `gsub` and `rep` for scripts: C functions written in JS with
 * Lua 5.1's behaviour (lstrlib.c of Redis's deps/lua) and two bounds the C versions lack.
 *
 * - Pattern matching runs on `lua-patterns.ts`, which asks `timeLimitError` every few thousand
 *   steps, so a pattern that would backtrack for minutes is aborted at `busy-reply-threshold`
 *   like a busy loop, with the same error. (The instruction hook cannot do it: a C function
 *   never returns to the VM while it matches.)
 * - `rep` makes its result in one allocation from the state's memory budget, so an oversized result
 *   fails at once with "not enough memory" (5.1 appended the copies one by one until memory ran
 *   out; 5.4 copies a one-byte string byte by byte).
 *
 * Being 5.1's, `gsub` and `gmatch` also allow an empty match right after a non-empty one
 * (`gsub('hello world', '%w*', '-')` is `-- --`, 5.4 gives `- -`), `%g` is a plain `g`, a `%`
 * before another character in a replacement string stands for that character, and the pattern ends
 * at its first NUL. Argument errors are raised by Lua's own luaL_check* functions, so they name the
 * function as Lua does.
 */
import { formatG, pushErrorTable } from "./convert.ts";
import { timeLimitError } from "./host-functions.ts";
import {
  CAP_POSITION,
  CAP_UNFINISHED,
  hasNoSpecials,
  MatchState,
  PatternError,
} from "./lua-patterns.ts";
import {
  cFunction,
  LUAL_BUFFER_BYTES,
  type LuaState,
  LuaType,
  lua,
  RAISE,
  upvalueIndex,
} from "./lua-runtime.ts";

/** The largest block wasm32 memory could hold; `rep` asks for no more (the request then fails). */
const MAX_ALLOCATION = 0x7fff_ffff;
const L_ESC = 0x25; // %
const ANCHOR = 0x5e; // ^

/** Thrown out of a match once the script's limit has passed; carries the error to raise. */
class TimeLimitPassed extends Error {
  readonly scriptError: string;
  constructor(scriptError: string) {
    super(scriptError);
    this.scriptError = scriptError;
  }
}

/** luaL_typename. */
const TYPE_NAMES: Readonly<Record<number, string>> = {
  [LuaType.NIL]: "nil",
  [LuaType.BOOLEAN]: "boolean",
  [LuaType.LIGHTUSERDATA]: "userdata",
  [LuaType.NUMBER]: "number",
  [LuaType.STRING]: "string",
  [LuaType.TABLE]: "table",
  [LuaType.FUNCTION]: "function",
  [LuaType.USERDATA]: "userdata",
  [LuaType.THREAD]: "thread",
};

/** A matched range of the subject (offsets into the wasm heap). */
interface Span {
  readonly start: number;
  readonly end: number;
}

/** A C function whose pattern errors and time-limit aborts become Lua errors. */
function stringFunction(body: (L: LuaState) => number): number {
  return cFunction((L) => {
    try {
      return body(L);
    } catch (error: unknown) {
      if (error instanceof PatternError) {
        return raiseError(L, error.message);
      }
      if (error instanceof RangeError && error.message.includes("call stack")) {
        // The depth limit keeps far from it; a match started deep in the stack could still hit it.
        return raiseError(L, "pattern too complex");
      }
      if (error instanceof TimeLimitPassed) {
        // As the hook raises it: the script is aborted as if SCRIPT KILL had arrived.
        pushErrorTable(L, error.scriptError);
        return RAISE;
      }
      throw error;
    }
  });
}

/** luaL_error: the message with the caller's position ("user_script:1: "). */
function raiseError(L: LuaState, message: string): number {
  lua.pushWhere(L, 1);
  lua.pushString(L, message);
  lua.concat(L, 2);
  return RAISE;
}

/** What a match calls every few thousand steps: throws once the running script must stop. */
function timeLimitCheck(L: LuaState): () => void {
  return () => {
    const error = timeLimitError(L);
    if (error !== undefined) {
      throw new TimeLimitPassed(error);
    }
  };
}

/**
 * luaL_checklstring of 5.1: a number becomes its "%.14g" text in place (5.4 would write `5.0` for
 * a float); anything else but a string gets Lua's argument error.
 */
function stringArg(L: LuaState, arg: number): { pointer: number; length: number } {
  const type = lua.type(L, arg);
  if (type === LuaType.NUMBER) {
    lua.pushString(L, formatG(lua.toNumber(L, arg), 14));
    lua.replace(L, arg);
  } else if (type !== LuaType.STRING) {
    lua.checkString(L, arg);
  }
  return lua.stringAt(L, arg);
}

/**
 * luaL_optinteger of 5.1 (`fallback` undefined: luaL_checkinteger): numbers and numeric strings,
 * truncated toward zero as the C cast does (x86 gives the lowest integer for NaN and out-of-range).
 */
function integerArg(L: LuaState, arg: number, fallback: number | undefined): number {
  const type = lua.type(L, arg);
  if (fallback !== undefined && (type === LuaType.NONE || type === LuaType.NIL)) {
    return fallback;
  }
  const value = lua.toNumberIfNumeric(L, arg);
  if (value === undefined) {
    // Raises "number expected, got …".
    return Number(lua.checkInteger(L, arg));
  }
  return Number.isFinite(value) && Math.abs(value) < 2 ** 63 ? Math.trunc(value) : -(2 ** 63);
}

/** luaL_optint/luaL_checkint of 5.1: the integer cast to a C int (its low 32 bits). */
function intArg(L: LuaState, arg: number, fallback: number | undefined): number {
  return Number(BigInt.asIntN(32, BigInt(integerArg(L, arg, fallback))));
}

function newMatchState(L: LuaState, subject: { pointer: number; length: number }): MatchState {
  return new MatchState({
    bytes: lua.heap(),
    subject: { start: subject.pointer, end: subject.pointer + subject.length },
    onTick: timeLimitCheck(L),
  });
}

/** Where matching starts in the pattern at `pointer`: past a leading `^` (which anchors it). */
function patternStart(pointer: number, options: { isAnchorAllowed: boolean }): number {
  return options.isAnchorAllowed && lua.heap()[pointer] === ANCHOR ? pointer + 1 : pointer;
}

/** lmemfind: the first offset of the needle in the haystack at or after `from`, or -1. */
function plainFind(heap: Uint8Array, options: { haystack: Span; needle: Span }): number {
  const { haystack, needle } = options;
  const needleLength = needle.end - needle.start;
  const last = haystack.end - needleLength;
  if (haystack.end - haystack.start > 256) {
    const at = Buffer.from(
      heap.buffer,
      heap.byteOffset + haystack.start,
      haystack.end - haystack.start,
    ).indexOf(heap.subarray(needle.start, needle.end));
    return at === -1 ? -1 : haystack.start + at;
  }
  for (let s = haystack.start; s <= last; s++) {
    let i = 0;
    while (i < needleLength && heap[s + i] === heap[needle.start + i]) {
      i++;
    }
    if (i === needleLength) {
      return s;
    }
  }
  return -1;
}

/** push_onecapture: capture `i` (the whole match when there are none). */
function pushCapture(
  L: LuaState,
  match: { state: MatchState; span: Span | undefined },
  i: number,
): void {
  const { state, span } = match;
  if (i >= state.level) {
    if (i !== 0 || span === undefined) {
      throw new PatternError("invalid capture index");
    }
    lua.pushBytes(L, span.start, span.end - span.start);
    return;
  }
  const length = state.captureLength[i] ?? 0;
  const init = state.captureInit[i] ?? 0;
  if (length === CAP_UNFINISHED) {
    throw new PatternError("unfinished capture");
  }
  if (length === CAP_POSITION) {
    lua.pushInteger(L, init - state.srcInit + 1);
  } else {
    lua.pushBytes(L, init, length);
  }
}

/** push_captures: every capture, or the whole match when there are none and `span` is given. */
function pushCaptures(L: LuaState, state: MatchState, span: Span | undefined): number {
  const count = state.level === 0 && span !== undefined ? 1 : state.level;
  if (!lua.checkStack(L, count)) {
    throw new PatternError("stack overflow (too many captures)");
  }
  for (let i = 0; i < count; i++) {
    pushCapture(L, { state, span }, i);
  }
  return count;
}

/** posrelat: a negative position counts from the end. */
function relativePosition(position: number, length: number): number {
  const absolute = position < 0 ? position + length + 1 : position;
  return Math.max(absolute, 0);
}

/** str_find_aux: `string.find` (`isFind`) and `string.match`. */
function findOrMatch(L: LuaState, isFind: boolean): number {
  const subject = stringArg(L, 1);
  const patternText = stringArg(L, 2);
  const init = Math.min(
    Math.max(relativePosition(integerArg(L, 3, 1), subject.length) - 1, 0),
    subject.length,
  );
  const heap = lua.heap();
  if (isFind && (lua.toBoolean(L, 4) || hasNoSpecials(heap, patternText.pointer))) {
    // A plain search, with every byte of the pattern (NULs too).
    const at = plainFind(heap, {
      haystack: { start: subject.pointer + init, end: subject.pointer + subject.length },
      needle: { start: patternText.pointer, end: patternText.pointer + patternText.length },
    });
    if (at !== -1) {
      lua.pushInteger(L, at - subject.pointer + 1);
      lua.pushInteger(L, at - subject.pointer + patternText.length);
      return 2;
    }
  } else {
    const state = newMatchState(L, subject);
    const p = patternStart(patternText.pointer, { isAnchorAllowed: true });
    const isAnchored = p !== patternText.pointer;
    let s = subject.pointer + init;
    do {
      state.level = 0;
      const end = state.match(s, p);
      if (end !== -1) {
        if (!isFind) {
          return pushCaptures(L, state, { start: s, end });
        }
        lua.pushInteger(L, s - subject.pointer + 1);
        lua.pushInteger(L, end - subject.pointer);
        return pushCaptures(L, state, undefined) + 2;
      }
    } while (s++ < state.srcEnd && !isAnchored);
  }
  lua.pushNil(L);
  return 1;
}

const find = stringFunction((L) => findOrMatch(L, true));
const match = stringFunction((L) => findOrMatch(L, false));

/** gmatch_aux: the iterator, over upvalues (subject, pattern, next start offset). */
const gmatchStep = stringFunction((L) => {
  const subject = lua.stringAt(L, upvalueIndex(1));
  const p = lua.stringAt(L, upvalueIndex(2)).pointer;
  const state = newMatchState(L, subject);
  const start = lua.toNumber(L, upvalueIndex(3));
  for (let s = subject.pointer + start; s <= state.srcEnd; s++) {
    state.level = 0;
    const end = state.match(s, p);
    if (end !== -1) {
      // An empty match moves on by one, so the next call cannot find it again.
      const next = end - subject.pointer + (end === s ? 1 : 0);
      // A float: the upvalue is never seen by scripts, and it saves a BigInt per call.
      lua.pushNumber(L, next);
      lua.replace(L, upvalueIndex(3));
      return pushCaptures(L, state, { start: s, end });
    }
  }
  return 0;
});

/** `string.gmatch` (and 5.1's `string.gfind`); `^` is an ordinary character here, as in 5.1. */
const gmatch = stringFunction((L) => {
  stringArg(L, 1);
  stringArg(L, 2);
  lua.setTop(L, 2);
  lua.pushNumber(L, 0);
  lua.pushClosure(L, gmatchStep, 3);
  return 1;
});

/** What gsub appends a match with: the state, the match, the luaL_Buffer and argument 3. */
interface Substitution {
  readonly state: MatchState;
  readonly span: Span;
  readonly buffer: number;
  readonly replacement: Replacement;
}

/** gsub's argument 3. */
interface Replacement {
  readonly type: number;
  /** A string replacement's bytes (anchored at index 3). */
  readonly text: Span;
  /** Whether the string has a '%' (else it is appended as it is). */
  readonly hasEscapes: boolean;
}

/** add_s: the replacement string (argument 3), with `%0`-`%9` and `%<char>`. */
function addReplacementString(L: LuaState, substitution: Substitution): void {
  const { state, span, buffer, replacement } = substitution;
  const end = replacement.text.end;
  if (!replacement.hasEscapes) {
    if (end > replacement.text.start) {
      lua.bufferAddBytes(buffer, replacement.text.start, end - replacement.text.start);
    }
    return;
  }
  let literal = replacement.text.start;
  for (let i = replacement.text.start; i < end; i++) {
    if (lua.heap()[i] !== L_ESC) {
      continue;
    }
    if (i > literal) {
      lua.bufferAddBytes(buffer, literal, i - literal);
    }
    i++; // skip the ESC
    // Past a trailing '%', 5.1 reads the string's terminating NUL (and appends it).
    const c = lua.heap()[i] ?? 0;
    if (c < 0x30 || c > 0x39) {
      lua.bufferAddBytes(buffer, i, 1);
    } else if (c === 0x30) {
      lua.bufferAddBytes(buffer, span.start, span.end - span.start);
    } else {
      pushCapture(L, { state, span }, c - 0x31);
      lua.bufferAddValue(buffer);
    }
    literal = i + 1;
  }
  if (end > literal) {
    lua.bufferAddBytes(buffer, literal, end - literal);
  }
}

/** add_value: appends what replaces one match. */
function addValue(L: LuaState, substitution: Substitution): void {
  const { state, span, buffer } = substitution;
  switch (substitution.replacement.type) {
    case LuaType.FUNCTION: {
      lua.pushValue(L, 3);
      const count = pushCaptures(L, state, span);
      lua.call(L, count, 1);
      break;
    }
    case LuaType.TABLE:
      pushCapture(L, { state, span }, 0);
      lua.getTable(L, 3);
      break;
    default:
      addReplacementString(L, substitution);
      return;
  }
  const type = lua.type(L, -1);
  if (!lua.toBoolean(L, -1)) {
    // nil or false: keep the original text
    lua.pop(L, 1);
    lua.pushBytes(L, span.start, span.end - span.start);
  } else if (type === LuaType.NUMBER) {
    lua.pushString(L, formatG(lua.toNumber(L, -1), 14));
    lua.replace(L, -2);
  } else if (type !== LuaType.STRING) {
    throw new PatternError(`invalid replacement value (a ${TYPE_NAMES[type] ?? "no value"})`);
  }
  lua.bufferAddValue(buffer);
}

/** str_gsub. */
const gsub = stringFunction((L) => {
  const subject = stringArg(L, 1);
  const patternText = stringArg(L, 2);
  const replacementType = lua.type(L, 3);
  const maxReplacements = intArg(L, 4, subject.length + 1);
  if (
    replacementType !== LuaType.NUMBER &&
    replacementType !== LuaType.STRING &&
    replacementType !== LuaType.FUNCTION &&
    replacementType !== LuaType.TABLE
  ) {
    return lua.argError(L, 3, "string/function/table expected");
  }
  let text: Span = { start: 0, end: 0 };
  if (replacementType === LuaType.NUMBER || replacementType === LuaType.STRING) {
    const { pointer, length } = stringArg(L, 3);
    text = { start: pointer, end: pointer + length };
  }
  const replacement: Replacement = {
    type: replacementType,
    text,
    hasEscapes: lua.heap().subarray(text.start, text.end).includes(L_ESC),
  };
  const p = patternStart(patternText.pointer, { isAnchorAllowed: true });
  const isAnchored = p !== patternText.pointer;
  lua.setTop(L, 4);
  const buffer = lua.newUserdata(L, LUAL_BUFFER_BYTES);
  lua.bufferInit(L, buffer);
  const state = newMatchState(L, subject);
  let s = subject.pointer;
  // Unmatched text waits here and is appended in one piece.
  let literal = s;
  let count = 0;
  while (count < maxReplacements) {
    state.level = 0;
    // Callbacks and appends may have grown the heap.
    state.src = lua.heap();
    const end = state.match(s, p);
    if (end !== -1) {
      count++;
      if (s > literal) {
        lua.bufferAddBytes(buffer, literal, s - literal);
      }
      addValue(L, { state, span: { start: s, end }, buffer, replacement });
      literal = end;
    }
    if (end !== -1 && end > s) {
      s = end;
    } else if (s < state.srcEnd) {
      s++;
    } else {
      break;
    }
    if (isAnchored) {
      break;
    }
  }
  if (state.srcEnd > literal) {
    lua.bufferAddBytes(buffer, literal, state.srcEnd - literal);
  }
  lua.bufferPushResult(buffer);
  lua.pushInteger(L, count);
  return 2;
});

/**
 * str_rep of 5.1 (no separator argument; the count is a C int), made in one allocation from the
 * state's memory budget and filled by doubling copies.
 */
const rep = stringFunction((L) => {
  const text = stringArg(L, 1);
  const count = intArg(L, 2, undefined);
  if (count <= 0 || text.length === 0) {
    lua.pushString(L, "");
    return 1;
  }
  const total = text.length * count;
  // Past the budget (or wasm32's reach) this raises "not enough memory", as Lua's allocations do.
  const pointer = lua.newUserdata(L, Math.min(total, MAX_ALLOCATION));
  if (total > MAX_ALLOCATION) {
    return raiseError(L, "resulting string too large");
  }
  const heap = lua.heap();
  heap.copyWithin(pointer, text.pointer, text.pointer + text.length);
  for (let filled = text.length; filled < total; ) {
    const chunk = Math.min(filled, total - filled);
    heap.copyWithin(pointer + filled, pointer, pointer + chunk);
    filled += chunk;
  }
  lua.pushBytes(L, pointer, total);
  return 1;
});

/** The functions the prelude installs in `string` (by their names in the `host` table). */
export const STRING_FUNCTIONS: Readonly<Record<string, number>> = {
  find,
  match,
  gmatch,
  gsub,
  rep,
};
