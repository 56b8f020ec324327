/**
 * RedisJSON's document parser (serde_json's grammar, error texts and byte positions, with
 * RedisJSON's recursion limit). Commands hand it the argument's bytes (a binary string).
 */
import { binaryToUtf8, utf8ToBinary } from "../../bytes.ts";
import {
  I64_MIN,
  integerFromText,
  JsonFloat,
  JsonObject,
  type JsonValue,
  normaliseInteger,
  U64_MAX,
} from "./value.ts";

// ---- equality -----------------------------------------------------------------------------------

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

// ---- arguments (RedisJSON's NextArg) ------------------------------------------------------------
// ---- numbers ------------------------------------------------------------------------------------
// ---- memory (JSON.DEBUG MEMORY) -----------------------------------------------------------------
