import { JsonFloat, JsonObject, type JsonValue } from "./value.ts";

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
