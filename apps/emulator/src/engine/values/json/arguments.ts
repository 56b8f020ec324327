import { ERR, ReplyError } from "../../errors.ts";
import { parseIntegerArg } from "../../numbers.ts";
import { JsonSyntaxError, parseJson } from "./parse.ts";
import type { JsonValue } from "./value.ts";

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
