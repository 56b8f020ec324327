import type { Database } from "../../keyspace.ts";
import type { ContainerValue } from "../types.ts";

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

export const I64_MIN = -(2n ** 63n);
export const I64_MAX = 2n ** 63n - 1n;
export const U64_MAX = 2n ** 64n - 1n;

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
export function integerFromText(text: string): number | bigint {
  if (text.length <= 15) {
    return Number(text);
  }
  const big = BigInt(text);
  return Number.isSafeInteger(Number(big)) ? Number(big) : big;
}

export function normaliseInteger(value: bigint): number | bigint {
  return value >= -(2n ** 53n) + 1n && value <= 2n ** 53n - 1n ? Number(value) : value;
}

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
