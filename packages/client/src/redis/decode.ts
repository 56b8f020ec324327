/**
 * Result decoders: from a decoded REST value (`RestValue` of `@stratus/core/rest`, where every
 * string is bytes) to the type a typed method returns. Each throws {@link ResponseShapeError} on a
 * reply of the wrong shape, never guesses (STYLE.md §12).
 */
import { utf8Decode } from "@stratus/core/base64";
import type { RestValue } from "@stratus/core/rest";
import { ResponseShapeError } from "../errors.ts";

/** A result decoder. */
export type Decoder<TResult> = (value: RestValue) => TResult;

function shapeError(expected: string, value: RestValue): ResponseShapeError {
  const shown =
    value instanceof Uint8Array
      ? JSON.stringify(utf8Decode(value).slice(0, 100))
      : Array.isArray(value)
        ? `an array of ${value.length}`
        : String(value);
  return new ResponseShapeError(`Expected ${expected}, got ${shown}`);
}

/** The value as it came: bytes, numbers, null and arrays. */
export const asRaw: Decoder<RestValue> = (value) => value;

/** A string reply as text (UTF-8; invalid sequences become U+FFFD). */
export const asText: Decoder<string> = (value) => {
  if (value instanceof Uint8Array) {
    return utf8Decode(value);
  }
  throw shapeError("a string", value);
};

/** A string reply, or null. */
export const asNullableText: Decoder<string | null> = (value) =>
  value === null ? null : asText(value);

/** A string reply as raw bytes. */
export const asBytes: Decoder<Uint8Array> = (value) => {
  if (value instanceof Uint8Array) {
    return value;
  }
  throw shapeError("a string", value);
};

/** A string reply as bytes, or null. */
export const asNullableBytes: Decoder<Uint8Array | null> = (value) =>
  value === null ? null : asBytes(value);

/** An integer reply. Integers past 2^53 lose precision here; `command()` keeps them exact. */
export const asInteger: Decoder<number> = (value) => {
  if (typeof value === "number") {
    return value;
  }
  if (typeof value === "bigint") {
    return Number(value);
  }
  throw shapeError("an integer", value);
};

/** An integer reply, or null. */
export const asNullableInteger: Decoder<number | null> = (value) =>
  value === null ? null : asInteger(value);

/** An integer reply 1 or 0 as a boolean. */
export const asBoolean: Decoder<boolean> = (value) => asInteger(value) === 1;

/** Redis's float spellings; floats travel as bulk strings (kv-rest-wire.md §5.2). */
function parseFloatText(text: string): number {
  const lower = text.toLowerCase();
  if (lower === "inf" || lower === "+inf") {
    return Number.POSITIVE_INFINITY;
  }
  if (lower === "-inf") {
    return Number.NEGATIVE_INFINITY;
  }
  const number = Number(text);
  if (Number.isNaN(number) && lower !== "nan") {
    throw new ResponseShapeError(`Expected a float, got ${JSON.stringify(text.slice(0, 100))}`);
  }
  return number;
}

/** A float reply (a string such as `"3.5"` or `"inf"`), or an integer reply, as a number. */
export const asFloat: Decoder<number> = (value) =>
  typeof value === "number" || typeof value === "bigint"
    ? Number(value)
    : parseFloatText(asText(value));

/** A float reply, or null. */
export const asNullableFloat: Decoder<number | null> = (value) =>
  value === null ? null : asFloat(value);

/** An array reply, each element through `item`. */
export function asArrayOf<TItem>(item: Decoder<TItem>): Decoder<TItem[]> {
  return (value) => {
    if (!Array.isArray(value)) {
      throw shapeError("an array", value);
    }
    return value.map((element: RestValue) => item(element));
  };
}

/** An array reply, or null (a null array), each element through `item`. */
export function asNullableArrayOf<TItem>(item: Decoder<TItem>): Decoder<TItem[] | null> {
  const array = asArrayOf(item);
  return (value) => (value === null ? null : array(value));
}

/** An array of strings. */
export const asTextArray: Decoder<string[]> = asArrayOf(asText);

/** An array of strings and nulls (MGET, HMGET). */
export const asNullableTextArray: Decoder<(string | null)[]> = asArrayOf(asNullableText);

/** An array of integers. */
export const asIntegerArray: Decoder<number[]> = asArrayOf(asInteger);

/** An array of 1/0 integers as booleans (SMISMEMBER, SCRIPT EXISTS). */
export const asBooleanArray: Decoder<boolean[]> = asArrayOf(asBoolean);

/** An array of floats and nulls (ZMSCORE). */
export const asNullableFloatArray: Decoder<(number | null)[]> = asArrayOf(asNullableFloat);

/** The status `OK`. */
export const asOk: Decoder<"OK"> = (value) => {
  const text = asText(value);
  if (text !== "OK") {
    throw new ResponseShapeError(`Expected OK, got ${JSON.stringify(text.slice(0, 100))}`);
  }
  return "OK";
};

/** `OK`, or null when a condition (NX, XX) stopped the write. */
export const asNullableOk: Decoder<"OK" | null> = (value) => (value === null ? null : asOk(value));

/** A flat `[field, value, field, value, …]` reply as a record (HGETALL, CONFIG GET). */
export const asTextRecord: Decoder<Record<string, string>> = (value) => {
  const items = asTextArray(value);
  const record: Record<string, string> = {};
  for (let i = 0; i + 1 < items.length; i += 2) {
    record[items[i] ?? ""] = items[i + 1] ?? "";
  }
  return record;
};

/** A flat `[member, score, …]` reply as pairs (ZRANGE … WITHSCORES, ZPOPMIN). */
export const asScoredMembers: Decoder<{ member: string; score: number }[]> = (value) => {
  const items = asArrayOf(asRaw)(value);
  const pairs: { member: string; score: number }[] = [];
  for (let i = 0; i + 1 < items.length; i += 2) {
    pairs.push({ member: asText(items[i] ?? null), score: asFloat(items[i + 1] ?? null) });
  }
  return pairs;
};

/** A SCAN-family reply, `[cursor, [items…]]`, with the cursor as text (it may exceed 2^53). */
export const asScanPage: Decoder<{ cursor: string; items: string[] }> = (value) => {
  const [cursor, items] = asArrayOf(asRaw)(value);
  return { cursor: asText(cursor ?? null), items: asTextArray(items ?? null) };
};

/** A JSON document returned as text (JSON.GET), parsed; null stays null. */
export const asJson: Decoder<unknown> = (value) => {
  if (value === null) {
    return null;
  }
  const text = asText(value);
  try {
    return JSON.parse(text) as unknown;
  } catch (error: unknown) {
    throw new ResponseShapeError(`Expected JSON text, got ${JSON.stringify(text.slice(0, 100))}`, {
      cause: error,
    });
  }
};
