/**
 * JSON documents (RedisJSON 2.x, module type `ReJSON-RL`): the value, its parser and its
 * serialiser, written to behave like RedisJSON's (ijson values, serde_json parsing and printing).
 *
 * Values are plain JS data with two twists that RedisJSON's users can observe:
 * - **Integers and floats stay distinct**: `1` is an integer and `1.0` a float (`JsonFloat`), as
 *   ijson keeps them (`JSON.TYPE` says `integer` vs `number`, `JSON.GET` prints `1` vs `1.0`).
 *   Integers are JS numbers when safe and bigints beyond 2^53, so the whole i64/u64 range that
 *   serde_json reads as integers is exact.
 * - **Objects are `JsonObject`s**: insertion-ordered, and a delete moves the last member into the
 *   hole, as ijson's `IObject::remove` does (`{"a":1,"b":2,"c":3}` minus `a` prints `{"c":3,"b":2}`).
 *
 * Texts are JS strings (decoded UTF-8). Commands hand the parser the argument's bytes (a binary
 * string), so serde_json's error positions, which count bytes, come out the same.
 */

import { binaryToUtf8, utf8ToBinary } from "../../bytes.ts";
import {
  type DumpCodec,
  DumpFormatError,
  type DumpReader,
  type DumpWriter,
} from "../../dump-format.ts";
import { ERR, ReplyError } from "../../errors.ts";
import type { Database } from "../../keyspace.ts";
import { formatDouble, parseIntegerArg } from "../../numbers.ts";
import { type Reply, reply } from "../../reply.ts";
import type { Container, ContainerValue } from "../types.ts";

// ---- values -------------------------------------------------------------------------------------

/** A JSON number with a decimal point or exponent: a float even when its value is whole. */
export class JsonFloat {
  readonly value: number;

  constructor(value: number) {
    this.value = value;
  }
}

/** Objects up to this size find members by a linear scan (ijson keeps no table up to 8 too). */
const OBJECT_INDEX_THRESHOLD = 8;

/** A JSON object: members in insertion order, deletes fill the hole with the last member. */
export class JsonObject {
  readonly keys: string[] = [];
  readonly values: JsonValue[] = [];
  #index: Map<string, number> | undefined;

  get size(): number {
    return this.keys.length;
  }

  /** The member's position, or -1. */
  indexOf(key: string): number {
    if (this.keys.length <= OBJECT_INDEX_THRESHOLD) {
      return this.keys.indexOf(key);
    }
    if (this.#index === undefined) {
      this.#index = new Map(this.keys.map((name, position) => [name, position]));
    }
    return this.#index.get(key) ?? -1;
  }

  get(key: string): JsonValue | undefined {
    const position = this.indexOf(key);
    return position < 0 ? undefined : this.values[position];
  }

  has(key: string): boolean {
    return this.indexOf(key) >= 0;
  }

  /** Replaces the member's value in place, or appends a new member. */
  set(key: string, value: JsonValue): void {
    const position = this.indexOf(key);
    if (position >= 0) {
      this.values[position] = value;
      return;
    }
    this.#index?.set(key, this.keys.length);
    this.keys.push(key);
    this.values.push(value);
  }

  /** Removes the member, moving the last member into its place (ijson's swap-remove). */
  delete(key: string): boolean {
    const position = this.indexOf(key);
    if (position < 0) {
      return false;
    }
    const last = this.keys.length - 1;
    const lastKey = this.keys[last] as string;
    this.keys[position] = lastKey;
    this.values[position] = this.values[last] as JsonValue;
    this.keys.pop();
    this.values.pop();
    if (this.#index !== undefined) {
      this.#index.delete(key);
      if (position !== last) {
        this.#index.set(lastKey, position);
      }
    }
    return true;
  }

  clear(): void {
    this.keys.length = 0;
    this.values.length = 0;
    this.#index = undefined;
  }
}

/**
 * A JSON value. Integers are `number` (safe integers) or `bigint` (beyond 2^53, within
 * [-2^63, 2^64)); floats are `JsonFloat`.
 */
export type JsonValue =
  | null
  | boolean
  | string
  | number
  | bigint
  | JsonFloat
  | JsonValue[]
  | JsonObject;

/** The JSON document at `key`, or undefined; WRONGTYPE if another type is there. */
export function getJsonDocument(db: Database, key: string): JsonDocument | undefined {
  return db.getContainer(key, "ReJSON-RL");
}

/** The value of a JSON key. */
export class JsonDocument implements ContainerValue {
  readonly type = "ReJSON-RL" as const;
  root: JsonValue;

  constructor(root: JsonValue) {
    this.root = root;
  }

  /** A JSON key is never removed because of its content: `{}` and `[]` are documents too. */
  isEmpty(): boolean {
    return false;
  }

  clone(): JsonDocument {
    return new JsonDocument(cloneJson(this.root));
  }

  /** Module values are `OBJ_ENCODING_RAW` objects, so OBJECT ENCODING says `raw`. */
  encoding(): string {
    return "raw";
  }
}

export function cloneJson(value: JsonValue): JsonValue {
  if (Array.isArray(value)) {
    return value.map(cloneJson);
  }
  if (value instanceof JsonObject) {
    const copy = new JsonObject();
    for (let i = 0; i < value.size; i++) {
      copy.set(value.keys[i] as string, cloneJson(value.values[i] as JsonValue));
    }
    return copy;
  }
  return value;
}

const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;
const U64_MAX = 2n ** 64n - 1n;

export function isJsonInteger(value: JsonValue): value is number | bigint {
  return typeof value === "number" || typeof value === "bigint";
}

export function isJsonNumber(value: JsonValue): value is number | bigint | JsonFloat {
  return typeof value === "number" || typeof value === "bigint" || value instanceof JsonFloat;
}

/**
 * Whether a number is one RedisJSON computes with as an i64 (`SelectValueType::Long`): integers
 * above i64::MAX (u64 only) are handled as doubles, although JSON.TYPE still calls them integers.
 */
export function isLongNumber(value: JsonValue): value is number | bigint {
  return typeof value === "number" || (typeof value === "bigint" && value <= I64_MAX);
}

/** A number as a double (`get_double`). */
export function jsonNumberToDouble(value: number | bigint | JsonFloat): number {
  return value instanceof JsonFloat ? value.value : Number(value);
}

/** JSON.TYPE's names (`KeyValue::value_name`). */
export function jsonTypeName(value: JsonValue): string {
  if (value === null) {
    return "null";
  }
  switch (typeof value) {
    case "boolean":
      return "boolean";
    case "string":
      return "string";
    case "number":
    case "bigint":
      return "integer";
    default:
      break;
  }
  if (value instanceof JsonFloat) {
    return "number";
  }
  return Array.isArray(value) ? "array" : "object";
}

/** An integer from an exact decimal text, as a safe number or a bigint. */
function integerFromText(text: string): number | bigint {
  if (text.length <= 15) {
    return Number(text);
  }
  const big = BigInt(text);
  return Number.isSafeInteger(Number(big)) ? Number(big) : big;
}

function normaliseInteger(value: bigint): number | bigint {
  return value >= -(2n ** 53n) + 1n && value <= 2n ** 53n - 1n ? Number(value) : value;
}

// ---- equality -----------------------------------------------------------------------------------

/**
 * JSON.ARRINDEX's `is_equal`: integers equal integers, floats equal floats (as doubles), and an
 * integer never equals a float (`[1]` does not contain `1.0`).
 */
export function jsonStrictEqual(a: JsonValue, b: JsonValue): boolean {
  if (isJsonNumber(a) && isJsonNumber(b)) {
    const aLong = isLongNumber(a);
    if (aLong !== isLongNumber(b)) {
      return false;
    }
    return aLong
      ? BigInt(a as number | bigint) === BigInt(b as number | bigint)
      : jsonNumberToDouble(a) === jsonNumberToDouble(b);
  }
  return structurallyEqual(a, b, jsonStrictEqual);
}

/** Filter `==` between two document values (ijson's `PartialEq`: numbers compare by value). */
export function jsonLooseEqual(a: JsonValue, b: JsonValue): boolean {
  if (isJsonNumber(a) && isJsonNumber(b)) {
    if (isJsonInteger(a) && isJsonInteger(b)) {
      return BigInt(a) === BigInt(b);
    }
    return jsonNumberToDouble(a) === jsonNumberToDouble(b);
  }
  return structurallyEqual(a, b, jsonLooseEqual);
}

function structurallyEqual(
  a: JsonValue,
  b: JsonValue,
  equal: (x: JsonValue, y: JsonValue) => boolean,
): boolean {
  if (Array.isArray(a)) {
    return (
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, i) => equal(item, b[i] as JsonValue))
    );
  }
  if (a instanceof JsonObject) {
    if (!(b instanceof JsonObject) || a.size !== b.size) {
      return false;
    }
    for (let i = 0; i < a.size; i++) {
      const other = b.get(a.keys[i] as string);
      if (other === undefined || !equal(a.values[i] as JsonValue, other)) {
        return false;
      }
    }
    return true;
  }
  if (isJsonNumber(a) || isJsonNumber(b)) {
    return false;
  }
  return a === b;
}

// ---- parsing (serde_json) -----------------------------------------------------------------------

/** A JSON syntax error with serde_json's wording, e.g. `expected value at line 1 column 1`. */
export class JsonSyntaxError extends Error {
  override readonly name = "JsonSyntaxError";
}

/** serde_json's `ErrorCode` texts. */
const SYNTAX = {
  EOF_LIST: "EOF while parsing a list",
  EOF_OBJECT: "EOF while parsing an object",
  EOF_STRING: "EOF while parsing a string",
  EOF_VALUE: "EOF while parsing a value",
  EXPECTED_COLON: "expected `:`",
  EXPECTED_LIST_COMMA_OR_END: "expected `,` or `]`",
  EXPECTED_OBJECT_COMMA_OR_END: "expected `,` or `}`",
  EXPECTED_IDENT: "expected ident",
  EXPECTED_VALUE: "expected value",
  INVALID_ESCAPE: "invalid escape",
  INVALID_NUMBER: "invalid number",
  NUMBER_OUT_OF_RANGE: "number out of range",
  INVALID_UNICODE: "invalid unicode code point",
  CONTROL_CHARACTER: "control character (\\u0000-\\u001F) found while parsing a string",
  KEY_MUST_BE_A_STRING: "key must be a string",
  LONE_SURROGATE: "lone leading surrogate in hex escape",
  TRAILING_COMMA: "trailing comma",
  TRAILING_CHARACTERS: "trailing characters",
  UNEXPECTED_END_OF_HEX_ESCAPE: "unexpected end of hex escape",
  RECURSION_LIMIT: "recursion limit exceeded",
} as const;

/** serde_json's default nesting limit: the 128th nested container is refused. */
const RECURSION_LIMIT = 128;

export interface JsonParseOptions {
  /** Refuse documents nested 128 deep (RedisJSON limits commands, not RDB loading). */
  readonly limitDepth?: boolean;
  /**
   * Refuse anything after the value. RedisJSON deserialises documents without serde_json's
   * `end()` check, so `JSON.SET k $ '1 x'` stores `1`; values it reads with
   * `serde_json::from_str` (NUMINCRBY's number, STRAPPEND's string, ARRINDEX's value) are checked.
   */
  readonly rejectTrailing?: boolean;
}

/** Parses JSON from UTF-8 bytes (a binary string that is valid UTF-8); throws `JsonSyntaxError`. */
export function parseJson(bytes: string, options: JsonParseOptions = {}): JsonValue {
  const parser = new JsonParser(bytes, options.limitDepth ?? true);
  const value = parser.value();
  if (options.rejectTrailing === true) {
    parser.end();
  }
  return value;
}

const CHAR = {
  TAB: 0x09,
  LF: 0x0a,
  CR: 0x0d,
  SPACE: 0x20,
  QUOTE: 0x22,
  PLUS: 0x2b,
  COMMA: 0x2c,
  MINUS: 0x2d,
  DOT: 0x2e,
  SLASH: 0x2f,
  ZERO: 0x30,
  NINE: 0x39,
  COLON: 0x3a,
  UPPER_E: 0x45,
  OPEN_BRACKET: 0x5b,
  BACKSLASH: 0x5c,
  CLOSE_BRACKET: 0x5d,
  LOWER_E: 0x65,
  OPEN_BRACE: 0x7b,
  CLOSE_BRACE: 0x7d,
} as const;

const SIMPLE_ESCAPES: Record<string, string> = {
  '"': '"',
  "\\": "\\",
  "/": "/",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
};

function isDigit(code: number): boolean {
  return code >= CHAR.ZERO && code <= CHAR.NINE;
}

/** A port of serde_json's `Deserializer` over a byte string, errors and positions included. */
class JsonParser {
  readonly #src: string;
  #index = 0;
  #remainingDepth = RECURSION_LIMIT;
  readonly #limitDepth: boolean;

  constructor(src: string, limitDepth: boolean) {
    this.#src = src;
    this.#limitDepth = limitDepth;
  }

  value(): JsonValue {
    const peek = this.#whitespace();
    if (peek < 0) {
      throw this.#peekError(SYNTAX.EOF_VALUE);
    }
    switch (peek) {
      case 0x6e: // n
        this.#index++;
        this.#ident("ull");
        return null;
      case 0x74: // t
        this.#index++;
        this.#ident("rue");
        return true;
      case 0x66: // f
        this.#index++;
        this.#ident("alse");
        return false;
      case CHAR.MINUS:
        this.#index++;
        return this.#number(false);
      case CHAR.QUOTE:
        this.#index++;
        return this.#string();
      case CHAR.OPEN_BRACKET:
        return this.#nested(() => this.#array());
      case CHAR.OPEN_BRACE:
        return this.#nested(() => this.#object());
      default:
        if (isDigit(peek)) {
          return this.#number(true);
        }
        throw this.#peekError(SYNTAX.EXPECTED_VALUE);
    }
  }

  /** `Deserializer::end`: only whitespace may follow. */
  end(): void {
    if (this.#whitespace() >= 0) {
      throw this.#peekError(SYNTAX.TRAILING_CHARACTERS);
    }
  }

  /** serde_json's `check_recursion!`: the error points at the opening bracket. */
  #nested(parse: () => JsonValue): JsonValue {
    if (this.#limitDepth) {
      this.#remainingDepth--;
      if (this.#remainingDepth === 0) {
        throw this.#peekError(SYNTAX.RECURSION_LIMIT);
      }
    }
    this.#index++;
    const value = parse();
    this.#remainingDepth++;
    return value;
  }

  #array(): JsonValue[] {
    const items: JsonValue[] = [];
    let first = true;
    for (;;) {
      const peek = this.#whitespace();
      if (peek < 0) {
        throw this.#peekError(SYNTAX.EOF_LIST);
      }
      if (peek === CHAR.CLOSE_BRACKET) {
        this.#index++;
        return items;
      }
      if (first) {
        first = false;
      } else if (peek === CHAR.COMMA) {
        this.#index++;
        const next = this.#whitespace();
        if (next === CHAR.CLOSE_BRACKET) {
          throw this.#peekError(SYNTAX.TRAILING_COMMA);
        }
        if (next < 0) {
          throw this.#peekError(SYNTAX.EOF_VALUE);
        }
      } else {
        throw this.#peekError(SYNTAX.EXPECTED_LIST_COMMA_OR_END);
      }
      items.push(this.value());
    }
  }

  #object(): JsonObject {
    const object = new JsonObject();
    let first = true;
    for (;;) {
      const peek = this.#whitespace();
      if (peek < 0) {
        throw this.#peekError(SYNTAX.EOF_OBJECT);
      }
      if (peek === CHAR.CLOSE_BRACE) {
        this.#index++;
        return object;
      }
      if (first) {
        first = false;
        if (peek !== CHAR.QUOTE) {
          throw this.#peekError(SYNTAX.KEY_MUST_BE_A_STRING);
        }
      } else if (peek === CHAR.COMMA) {
        this.#index++;
        const next = this.#whitespace();
        if (next === CHAR.CLOSE_BRACE) {
          throw this.#peekError(SYNTAX.TRAILING_COMMA);
        }
        if (next < 0) {
          throw this.#peekError(SYNTAX.EOF_VALUE);
        }
        if (next !== CHAR.QUOTE) {
          throw this.#peekError(SYNTAX.KEY_MUST_BE_A_STRING);
        }
      } else {
        throw this.#peekError(SYNTAX.EXPECTED_OBJECT_COMMA_OR_END);
      }
      this.#index++;
      const key = this.#string();
      const colon = this.#whitespace();
      if (colon !== CHAR.COLON) {
        throw this.#peekError(colon < 0 ? SYNTAX.EOF_OBJECT : SYNTAX.EXPECTED_COLON);
      }
      this.#index++;
      // A repeated member keeps its first position and takes the last value, as ijson does.
      object.set(key, this.value());
    }
  }

  #ident(rest: string): void {
    for (let i = 0; i < rest.length; i++) {
      if (this.#index >= this.#src.length) {
        throw this.#error(SYNTAX.EOF_VALUE);
      }
      if (this.#src.charCodeAt(this.#index++) !== rest.charCodeAt(i)) {
        throw this.#error(SYNTAX.EXPECTED_IDENT);
      }
    }
  }

  /** `parse_integer` and what follows it; the sign has been consumed. */
  #number(positive: boolean): JsonValue {
    const src = this.#src;
    const start = this.#index;
    if (this.#index >= src.length) {
      throw this.#error(SYNTAX.EOF_VALUE);
    }
    const first = src.charCodeAt(this.#index++);
    if (first === CHAR.ZERO) {
      // There can be only one leading zero.
      if (isDigit(this.#peekOrNul())) {
        throw this.#peekError(SYNTAX.INVALID_NUMBER);
      }
    } else if (isDigit(first)) {
      while (isDigit(this.#peekOrNul())) {
        this.#index++;
      }
    } else {
      throw this.#error(SYNTAX.INVALID_NUMBER);
    }
    const digits = src.slice(start, this.#index);
    const next = this.#peekOrNul();
    if (next === CHAR.DOT || next === CHAR.LOWER_E || next === CHAR.UPPER_E) {
      if (next === CHAR.DOT) {
        this.#fraction();
      }
      const after = this.#peekOrNul();
      if (after === CHAR.LOWER_E || after === CHAR.UPPER_E) {
        this.#exponent();
      }
      return this.#float(positive, src.slice(start, this.#index));
    }
    const magnitude = BigInt(digits);
    // serde_json keeps integers within u64 (positive) or i64 (negative); larger ones become f64.
    if (positive ? magnitude <= U64_MAX : magnitude <= -I64_MIN) {
      return positive ? integerFromText(digits) : normaliseInteger(-magnitude);
    }
    return this.#float(positive, digits);
  }

  #fraction(): void {
    this.#index++;
    const start = this.#index;
    while (isDigit(this.#peekOrNul())) {
      this.#index++;
    }
    if (this.#index === start) {
      throw this.#peekError(
        this.#index < this.#src.length ? SYNTAX.INVALID_NUMBER : SYNTAX.EOF_VALUE,
      );
    }
  }

  #exponent(): void {
    this.#index++;
    const sign = this.#peekOrNul();
    if (sign === CHAR.PLUS || sign === CHAR.MINUS) {
      this.#index++;
    }
    if (this.#index >= this.#src.length) {
      throw this.#error(SYNTAX.EOF_VALUE);
    }
    if (!isDigit(this.#src.charCodeAt(this.#index++))) {
      throw this.#error(SYNTAX.INVALID_NUMBER);
    }
    while (isDigit(this.#peekOrNul())) {
      this.#index++;
    }
  }

  #float(positive: boolean, text: string): JsonFloat {
    const magnitude = Number(text);
    if (!Number.isFinite(magnitude)) {
      throw this.#error(SYNTAX.NUMBER_OUT_OF_RANGE);
    }
    return new JsonFloat(positive ? magnitude : -magnitude);
  }

  /** `parse_str` after the opening quote, validating escapes as serde_json does. */
  #string(): string {
    const src = this.#src;
    let bytes = "";
    let start = this.#index;
    for (;;) {
      while (this.#index < src.length) {
        const code = src.charCodeAt(this.#index);
        if (code === CHAR.QUOTE || code === CHAR.BACKSLASH || code < CHAR.SPACE) {
          break;
        }
        this.#index++;
      }
      if (this.#index >= src.length) {
        throw this.#error(SYNTAX.EOF_STRING);
      }
      const code = src.charCodeAt(this.#index);
      bytes += src.slice(start, this.#index);
      this.#index++;
      if (code === CHAR.QUOTE) {
        return binaryToUtf8(bytes);
      }
      if (code !== CHAR.BACKSLASH) {
        throw this.#error(SYNTAX.CONTROL_CHARACTER);
      }
      bytes += utf8ToBinary(this.#escape());
      start = this.#index;
    }
  }

  #escape(): string {
    if (this.#index >= this.#src.length) {
      throw this.#error(SYNTAX.EOF_STRING);
    }
    const escaped = this.#src[this.#index++] as string;
    const simple = SIMPLE_ESCAPES[escaped];
    if (simple !== undefined) {
      return simple;
    }
    if (escaped !== "u") {
      throw this.#error(SYNTAX.INVALID_ESCAPE);
    }
    const unit = this.#hexEscape();
    if (unit >= 0xdc00 && unit <= 0xdfff) {
      throw this.#error(SYNTAX.LONE_SURROGATE);
    }
    if (unit < 0xd800 || unit > 0xdbff) {
      return String.fromCharCode(unit);
    }
    // A leading surrogate must be followed by `\u` and a trailing one.
    for (const expected of [CHAR.BACKSLASH, 0x75]) {
      if (this.#index >= this.#src.length) {
        throw this.#error(SYNTAX.EOF_STRING);
      }
      if (this.#src.charCodeAt(this.#index++) !== expected) {
        throw this.#error(SYNTAX.UNEXPECTED_END_OF_HEX_ESCAPE);
      }
    }
    const trailing = this.#hexEscape();
    if (trailing < 0xdc00 || trailing > 0xdfff) {
      throw this.#error(SYNTAX.LONE_SURROGATE);
    }
    return String.fromCharCode(unit, trailing);
  }

  #hexEscape(): number {
    if (this.#index + 4 > this.#src.length) {
      this.#index = this.#src.length;
      throw this.#error(SYNTAX.EOF_STRING);
    }
    const hex = this.#src.slice(this.#index, this.#index + 4);
    this.#index += 4;
    if (!/^[0-9a-fA-F]{4}$/.test(hex)) {
      throw this.#error(SYNTAX.INVALID_ESCAPE);
    }
    return Number.parseInt(hex, 16);
  }

  /** Skips JSON whitespace; the next byte, or -1 at the end. */
  #whitespace(): number {
    const src = this.#src;
    while (this.#index < src.length) {
      const code = src.charCodeAt(this.#index);
      if (code !== CHAR.SPACE && code !== CHAR.LF && code !== CHAR.TAB && code !== CHAR.CR) {
        return code;
      }
      this.#index++;
    }
    return -1;
  }

  #peekOrNul(): number {
    return this.#index < this.#src.length ? this.#src.charCodeAt(this.#index) : 0;
  }

  /** An error about the byte just consumed (serde_json's `error`). */
  #error(message: string): JsonSyntaxError {
    return this.#errorAt(message, this.#index);
  }

  /** An error about the byte not yet consumed (serde_json's `peek_error`). */
  #peekError(message: string): JsonSyntaxError {
    return this.#errorAt(message, Math.min(this.#src.length, this.#index + 1));
  }

  /** serde_json's `position_of_index`: lines count from 1, columns are bytes into the line. */
  #errorAt(message: string, index: number): JsonSyntaxError {
    let line = 1;
    let lineStart = 0;
    for (let i = this.#src.indexOf("\n"); i >= 0 && i < index; i = this.#src.indexOf("\n", i + 1)) {
      line++;
      lineStart = i + 1;
    }
    return new JsonSyntaxError(`${message} at line ${line} column ${index - lineStart}`);
  }
}

// ---- serialising (serde_json + RedisJSON's formatter) -------------------------------------------

/** JSON.GET's INDENT / NEWLINE / SPACE strings (RedisJSON's `RedisJsonFormatter`). */
export interface JsonFormat {
  readonly indent?: string;
  readonly newline?: string;
  readonly space?: string;
}

/**
 * A float as serde_json prints it (the `ryu` crate): shortest round-trip digits, `1.0` for whole
 * values, plain notation for decimal exponents -5..15 and `1e16` / `1.5e-7` beyond.
 */
export function formatJsonFloat(value: number): string {
  if (value === 0) {
    return Object.is(value, -0) ? "-0.0" : "0.0";
  }
  const sign = value < 0 ? "-" : "";
  const [mantissa = "", exponentText = "0"] = Math.abs(value).toExponential().split("e");
  const digits = mantissa.replace(".", "");
  const length = digits.length;
  // value = digits × 10^k, and 10^(kk-1) <= value < 10^kk.
  const k = Number(exponentText) - (length - 1);
  const kk = length + k;
  if (k >= 0 && kk <= 16) {
    return `${sign}${digits}${"0".repeat(k)}.0`;
  }
  if (kk > 0 && kk <= 16) {
    return `${sign}${digits.slice(0, kk)}.${digits.slice(kk)}`;
  }
  if (kk > -5 && kk <= 0) {
    return `${sign}0.${"0".repeat(-kk)}${digits}`;
  }
  const fraction = length === 1 ? "" : `.${digits.slice(1)}`;
  return `${sign}${digits[0]}${fraction}e${kk - 1}`;
}

/** A number's JSON text: integers exactly, floats per `formatJsonFloat`. */
export function formatJsonNumber(value: number | bigint | JsonFloat): string {
  return value instanceof JsonFloat ? formatJsonFloat(value.value) : String(value);
}

/** Serialises to JSON text (a JS string); compact unless `format` says otherwise. */
export function stringifyJson(value: JsonValue, format?: JsonFormat): string {
  if (
    format === undefined ||
    (format.indent === undefined && format.newline === undefined && format.space === undefined)
  ) {
    return compact(value);
  }
  const parts: string[] = [];
  pretty(value, { format, parts, depth: 0 });
  return parts.join("");
}

/** `stringifyJson` as the UTF-8 bytes a reply carries (a binary string). */
export function jsonToBinary(value: JsonValue, format?: JsonFormat): string {
  return utf8ToBinary(stringifyJson(value, format));
}

function scalarText(value: JsonValue): string | undefined {
  if (value === null) {
    return "null";
  }
  switch (typeof value) {
    case "boolean":
      return value ? "true" : "false";
    case "string":
      // JSON.stringify escapes exactly what serde_json does: `"`, `\`, and controls (\b \f \n \r
      // \t, others as lower-case \u00XX); everything else is written as is.
      return JSON.stringify(value);
    case "number":
    case "bigint":
      return String(value);
    default:
      return value instanceof JsonFloat ? formatJsonFloat(value.value) : undefined;
  }
}

function compact(value: JsonValue): string {
  const scalar = scalarText(value);
  if (scalar !== undefined) {
    return scalar;
  }
  if (Array.isArray(value)) {
    let text = "[";
    for (let i = 0; i < value.length; i++) {
      text += (i === 0 ? "" : ",") + compact(value[i] as JsonValue);
    }
    return `${text}]`;
  }
  const object = value as JsonObject;
  let text = "{";
  for (let i = 0; i < object.size; i++) {
    text += `${i === 0 ? "" : ","}${JSON.stringify(object.keys[i])}:${compact(object.values[i] as JsonValue)}`;
  }
  return `${text}}`;
}

interface PrettyState {
  readonly format: JsonFormat;
  readonly parts: string[];
  depth: number;
}

/**
 * RedisJSON's formatter: before each member NEWLINE then INDENT × depth; SPACE after `:`; a
 * non-empty container closes on a new line at its own depth; empty ones print `[]` / `{}`.
 */
function pretty(value: JsonValue, state: PrettyState): void {
  const scalar = scalarText(value);
  if (scalar !== undefined) {
    state.parts.push(scalar);
    return;
  }
  const isArray = Array.isArray(value);
  const count = isArray ? value.length : (value as JsonObject).size;
  state.parts.push(isArray ? "[" : "{");
  state.depth++;
  for (let i = 0; i < count; i++) {
    if (i > 0) {
      state.parts.push(",");
    }
    newLine(state);
    if (isArray) {
      pretty(value[i] as JsonValue, state);
    } else {
      const object = value as JsonObject;
      state.parts.push(JSON.stringify(object.keys[i]), ":", state.format.space ?? "");
      pretty(object.values[i] as JsonValue, state);
    }
  }
  state.depth--;
  if (count > 0) {
    newLine(state);
  }
  state.parts.push(isArray ? "]" : "}");
}

function newLine(state: PrettyState): void {
  state.parts.push(state.format.newline ?? "", (state.format.indent ?? "").repeat(state.depth));
}

// ---- arguments (RedisJSON's NextArg) ------------------------------------------------------------

/** UTF-8 decoding that refuses invalid input, like Rust's `str::from_utf8`. */
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** Whether a binary string holds valid UTF-8 (what `RedisString::try_as_str` requires). */
export function isValidUtf8(binary: string): boolean {
  for (let i = 0; i < binary.length; i++) {
    if (binary.charCodeAt(i) > 0x7f) {
      try {
        strictUtf8.decode(Buffer.from(binary, "latin1"));
        return true;
      } catch {
        return false;
      }
    }
  }
  return true;
}

/** An argument RedisJSON reads as text (`next_str`): `Couldn't parse as UTF-8 string` otherwise. */
export function textArg(binary: string): string {
  if (!isValidUtf8(binary)) {
    throw new ReplyError(ERR.JSON_NOT_UTF8);
  }
  return binary;
}

/** An integer argument (`parse_integer`): `Couldn't parse as integer` otherwise. */
export function integerArg(binary: string): number {
  const value = parseIntegerArg(binary);
  if (value === undefined) {
    throw new ReplyError(ERR.JSON_NOT_INTEGER);
  }
  // Indexes beyond 2^53 behave like any other out-of-range index.
  return Number(value);
}

/** JSON.SET/JSON.MERGE `FORMAT`: RedisJSON's `Format::from_str` (case-sensitive). */
export function checkInputFormat(format: string): void {
  if (format === "JSON" || format === "STRING") {
    return;
  }
  if (format === "BSON") {
    throw new ReplyError(ERR.JSON_BSON_UNSUPPORTED);
  }
  throw new ReplyError(ERR.JSON_WRONG_FORMAT);
}

/**
 * Parses a document argument as RedisJSON's `Manager::from_str` does: serde_json's message is the
 * whole error reply (no `ERR` prefix), and text after the value is ignored.
 */
export function parseJsonArg(binary: string): JsonValue {
  try {
    return parseJson(textArg(binary), { limitDepth: true });
  } catch (error: unknown) {
    if (error instanceof JsonSyntaxError) {
      throw new ReplyError(error.message);
    }
    throw error;
  }
}

/**
 * Parses an argument RedisJSON reads with `serde_json::from_str` inside a command: the whole text
 * must be one value, and the error goes through redis-module's generic conversion, which prefixes
 * `ERR `.
 */
export function parseStrictJsonArg(binary: string): JsonValue {
  try {
    return parseJson(binary, { limitDepth: true, rejectTrailing: true });
  } catch (error: unknown) {
    if (error instanceof JsonSyntaxError) {
      throw new ReplyError(`ERR ${error.message}`);
    }
    throw error;
  }
}

// ---- replies ------------------------------------------------------------------------------------

/** A value serialised into a bulk string. */
export function jsonBulk(value: JsonValue, format?: JsonFormat): Reply {
  return reply.bulk(jsonToBinary(value, format));
}

/**
 * JSON.RESP's mapping: null → nil, booleans → simple strings, integers → integers, floats →
 * doubles (bulk strings in RESP2), arrays → `[` then the items, objects → `{` then key, value, ….
 */
export function jsonToResp(value: JsonValue): Reply {
  if (value === null) {
    return reply.null();
  }
  switch (typeof value) {
    case "boolean":
      return reply.simple(value ? "true" : "false");
    case "string":
      return reply.bulk(utf8ToBinary(value));
    case "number":
      return reply.integer(value);
    case "bigint":
      // u64 values beyond i64 are doubles to RedisJSON.
      return value <= I64_MAX ? reply.integer(value) : reply.bulk(formatDouble(Number(value)));
    default:
      break;
  }
  if (value instanceof JsonFloat) {
    return reply.bulk(formatDouble(value.value));
  }
  const items: Reply[] = [];
  if (Array.isArray(value)) {
    items.push(reply.simple("["));
    for (const item of value) {
      items.push(jsonToResp(item));
    }
  } else {
    items.push(reply.simple("{"));
    for (let i = 0; i < value.size; i++) {
      items.push(
        reply.bulk(utf8ToBinary(value.keys[i] as string)),
        jsonToResp(value.values[i] as JsonValue),
      );
    }
  }
  return reply.array(items);
}

// ---- numbers ------------------------------------------------------------------------------------

export type NumericOperation = "incr" | "mult";

/**
 * JSON.NUMINCRBY / JSON.NUMMULTBY on one value (`do_num_op`): integer with integer is i64
 * arithmetic that wraps around, as RedisJSON's `wrapping_add`/`wrapping_mul`; anything else is
 * f64 arithmetic giving a float, and a non-finite result is `result is not a number`.
 */
export function applyNumericOperation(
  current: number | bigint | JsonFloat,
  operand: number | bigint | JsonFloat,
  operation: NumericOperation,
): number | bigint | JsonFloat {
  if (isLongNumber(current) && isLongNumber(operand)) {
    if (typeof current === "number" && typeof operand === "number") {
      const fast = operation === "incr" ? current + operand : current * operand;
      if (Number.isSafeInteger(fast)) {
        return fast;
      }
    }
    const a = BigInt(current);
    const b = BigInt(operand);
    return normaliseInteger(BigInt.asIntN(64, operation === "incr" ? a + b : a * b));
  }
  const a = jsonNumberToDouble(current);
  const b = jsonNumberToDouble(operand);
  const result = operation === "incr" ? a + b : a * b;
  if (!Number.isFinite(result)) {
    throw new ReplyError(ERR.JSON_RESULT_NOT_A_NUMBER);
  }
  return new JsonFloat(result);
}

/** NUMINCRBY's operand: any JSON number, else `bad input number`. */
export function parseNumericOperand(binary: string): number | bigint | JsonFloat {
  const value = parseStrictJsonArg(textArg(binary));
  if (!isJsonNumber(value)) {
    throw new ReplyError(ERR.JSON_BAD_INPUT_NUMBER);
  }
  return value;
}

// ---- locations and updates ----------------------------------------------------------------------

/** A step from a container to a child: an object key or an array index. */
export type PathStep = string | number;

/** The value at `path`, or undefined when the path no longer leads anywhere. */
export function valueAt(root: JsonValue, path: readonly PathStep[]): JsonValue | undefined {
  let node: JsonValue | undefined = root;
  for (const step of path) {
    if (node === undefined) {
      return undefined;
    }
    node = childOf(node, step);
  }
  return node;
}

function childOf(node: JsonValue, step: PathStep): JsonValue | undefined {
  if (typeof step === "number") {
    return Array.isArray(node) ? node[step] : undefined;
  }
  return node instanceof JsonObject ? node.get(step) : undefined;
}

/**
 * Replaces the value at `path` (a non-empty path) with `update(current)`; false when the path no
 * longer leads anywhere (RedisJSON's `replace`).
 */
export function replaceAt(
  root: JsonValue,
  path: readonly PathStep[],
  update: (current: JsonValue) => JsonValue,
): boolean {
  const parent = valueAt(root, path.slice(0, -1));
  const last = path[path.length - 1];
  if (parent === undefined || last === undefined) {
    return false;
  }
  if (typeof last === "number") {
    if (!Array.isArray(parent) || last >= parent.length) {
      return false;
    }
    parent[last] = update(parent[last] as JsonValue);
    return true;
  }
  if (!(parent instanceof JsonObject)) {
    return false;
  }
  const current = parent.get(last);
  if (current === undefined) {
    return false;
  }
  parent.set(last, update(current));
  return true;
}

/** `replaceAt` that also replaces the root for an empty path. */
export function updateAt(
  document: JsonDocument,
  path: readonly PathStep[],
  update: (current: JsonValue) => JsonValue,
): boolean {
  if (path.length === 0) {
    document.root = update(document.root);
    return true;
  }
  return replaceAt(document.root, path, update);
}

/** Removes the value at a non-empty `path`; false when it is not there (RedisJSON's `remove`). */
export function removeAt(root: JsonValue, path: readonly PathStep[]): boolean {
  const parent = valueAt(root, path.slice(0, -1));
  const last = path[path.length - 1];
  if (parent === undefined || last === undefined) {
    return false;
  }
  if (typeof last === "number") {
    if (!Array.isArray(parent) || last >= parent.length) {
      return false;
    }
    parent.splice(last, 1);
    return true;
  }
  return parent instanceof JsonObject && parent.delete(last);
}

/** Adds `key` to the object at `path` unless it is there already (RedisJSON's `dict_add`). */
export function addMember(
  root: JsonValue,
  target: { readonly path: readonly PathStep[]; readonly key: string },
  value: JsonValue,
): boolean {
  const parent = valueAt(root, target.path);
  if (!(parent instanceof JsonObject) || parent.has(target.key)) {
    return false;
  }
  parent.set(target.key, value);
  return true;
}

/**
 * JSON.MERGE's patch (RedisJSON's `merge`, RFC 7396 with one twist kept: merging into a member
 * replaces it, so a `null` patch value deletes object members but a `null` patch sets a value).
 */
export function mergePatch(target: JsonValue, patch: JsonValue): JsonValue {
  if (!(patch instanceof JsonObject)) {
    return patch;
  }
  const result = target instanceof JsonObject ? target : new JsonObject();
  for (let i = 0; i < patch.size; i++) {
    const key = patch.keys[i] as string;
    const value = patch.values[i] as JsonValue;
    if (value === null) {
      result.delete(key);
    } else {
      result.set(key, mergePatch(result.get(key) ?? null, value));
    }
  }
  return result;
}

// ---- memory (JSON.DEBUG MEMORY) -----------------------------------------------------------------

/** `size_of::<IValue>()`: every value is one tagged pointer. */
const IVALUE_SIZE = 8;
const POINTER_SIZE = 8;

/**
 * JSON.DEBUG MEMORY's estimate (RedisJSON's `get_memory` over ijson): a pointer per value, plus
 * the number's or string's heap bytes and each container's table of `capacity` slots. Emulator
 * difference: the capacity is taken to be the length; ijson's depends on how the value grew.
 */
export function jsonMemoryUsage(value: JsonValue): number {
  let size = IVALUE_SIZE;
  if (typeof value === "string") {
    size += Buffer.byteLength(value, "utf8");
  } else if (typeof value === "number" || typeof value === "bigint") {
    size += integerHeapSize(value);
  } else if (value instanceof JsonFloat) {
    size += 16;
  } else if (Array.isArray(value)) {
    if (value.length > 0) {
      size += POINTER_SIZE * (value.length + 2);
      for (const item of value) {
        size += jsonMemoryUsage(item);
      }
    }
  } else if (value instanceof JsonObject && value.size > 0) {
    size += POINTER_SIZE * (value.size * 3 + 2);
    for (let i = 0; i < value.size; i++) {
      size +=
        Buffer.byteLength(value.keys[i] as string, "utf8") +
        jsonMemoryUsage(value.values[i] as JsonValue);
    }
  }
  return size;
}

/** ijson stores -128..383 in the pointer, 24-bit integers in 4 bytes and the rest in 16. */
function integerHeapSize(value: number | bigint): number {
  if (value >= -128 && value <= 383) {
    return 0;
  }
  return value > -8_388_608 && value <= 8_388_607 ? 4 : 16;
}

// ---- DUMP / RESTORE -----------------------------------------------------------------------------

/** RDB_TYPE_MODULE_2 (src/rdb.h): module values with typed opcodes. */
const RDB_TYPE_MODULE_2 = 7;
/** RDB_MODULE_OPCODE_* (src/rdb.h). */
const MODULE_OPCODE_EOF = 0;
const MODULE_OPCODE_STRING = 5;
/** RedisJSON's REDIS_JSON_TYPE_VERSION: version 3 saves the document as one JSON string. */
const JSON_ENCODING_VERSION = 3n;
const MODULE_TYPE_CHARSET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** `moduleTypeEncodeId` (src/module.c): the 9-character type name in 6-bit digits, then encver. */
function moduleTypeId(name: string, encodingVersion: bigint): bigint {
  let id = 0n;
  for (const char of name) {
    id = (id << 6n) | BigInt(MODULE_TYPE_CHARSET.indexOf(char));
  }
  return (id << 10n) | encodingVersion;
}

const JSON_MODULE_ID = moduleTypeId("ReJSON-RL", JSON_ENCODING_VERSION);

/** DUMP/RESTORE of JSON documents as RedisJSON writes them (listed in `dump/index.ts`). */
export const jsonDumpCodec: DumpCodec = {
  type: "ReJSON-RL",
  rdbTypes: [RDB_TYPE_MODULE_2],
  serialize: (value: ContainerValue, writer: DumpWriter): number => {
    // The module id needs 64 bits: RDB's 0x81 length form, big-endian.
    writer.byte(0x81);
    for (let shift = 56n; shift >= 0n; shift -= 8n) {
      writer.byte(Number((JSON_MODULE_ID >> shift) & 0xffn));
    }
    writer.length(MODULE_OPCODE_STRING);
    writer.string(jsonToBinary((value as JsonDocument).root));
    writer.length(MODULE_OPCODE_EOF);
    return RDB_TYPE_MODULE_2;
  },
  deserialize: (reader: DumpReader): Container => {
    if (reader.byte() !== 0x81) {
      throw new DumpFormatError("unexpected module id encoding");
    }
    let id = 0n;
    for (let i = 0; i < 8; i++) {
      id = (id << 8n) | BigInt(reader.byte());
    }
    if (id !== JSON_MODULE_ID || reader.length() !== MODULE_OPCODE_STRING) {
      throw new DumpFormatError("not a ReJSON-RL value");
    }
    const text = reader.string();
    if (reader.length() !== MODULE_OPCODE_EOF || !isValidUtf8(text)) {
      throw new DumpFormatError("malformed ReJSON-RL value");
    }
    try {
      // RDB loading has no depth limit in RedisJSON.
      return new JsonDocument(parseJson(text, { limitDepth: false }));
    } catch (error: unknown) {
      if (error instanceof JsonSyntaxError) {
        throw new DumpFormatError(error.message);
      }
      throw error;
    }
  },
};
