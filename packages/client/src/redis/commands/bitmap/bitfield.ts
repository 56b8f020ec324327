import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asArrayOf, asNullableInteger } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/** One BITFIELD sub-command; `encoding` is `i1`–`i64` or `u1`–`u63`, `offset` a bit offset or `#n`. */
export type BitfieldOperation =
  | { readonly get: { readonly encoding: string; readonly offset: number | string } }
  | {
      readonly set: {
        readonly encoding: string;
        readonly offset: number | string;
        readonly value: number;
      };
    }
  | {
      readonly incrby: {
        readonly encoding: string;
        readonly offset: number | string;
        readonly increment: number;
      };
    }
  | { readonly overflow: "WRAP" | "SAT" | "FAIL" };

function encodeBitfieldOperation(operation: BitfieldOperation): RedisArgument[] {
  if ("get" in operation) {
    return ["GET", operation.get.encoding, operation.get.offset];
  }
  if ("set" in operation) {
    return ["SET", operation.set.encoding, operation.set.offset, operation.set.value];
  }
  if ("incrby" in operation) {
    const { encoding, offset, increment } = operation.incrby;
    return ["INCRBY", encoding, offset, increment];
  }
  return ["OVERFLOW", operation.overflow];
}

/**
 * BITFIELD key [GET enc offset | [OVERFLOW WRAP | SAT | FAIL] SET enc offset value | INCRBY enc offset increment ...]: read and write integers in a bitmap.
 * @see https://redis.io/commands/bitfield
 */
export const bitfield = defineClientCommand<
  (key: RedisKey, ...operations: [BitfieldOperation, ...BitfieldOperation[]]) => (number | null)[]
>({
  name: "BITFIELD",
  encode: (key, ...operations) => [key, ...operations.flatMap(encodeBitfieldOperation)],
  decode: asArrayOf(asNullableInteger),
});
