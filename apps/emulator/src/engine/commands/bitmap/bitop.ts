import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { bytesToString, stringToBytes } from "../../values/string.ts";
import { defineCommand } from "../define.ts";

type Operation = "AND" | "OR" | "XOR" | "NOT" | "DIFF" | "DIFF1" | "ANDOR" | "ONE";

const OPERATIONS: ReadonlySet<string> = new Set([
  "AND",
  "OR",
  "XOR",
  "NOT",
  "DIFF",
  "DIFF1",
  "ANDOR",
  "ONE",
]);

/**
 * One 32-bit word of the result from the same word of every source (missing bytes are zeros).
 * DIFF, DIFF1 and ANDOR combine the first source with the OR of the others; ONE keeps the bits
 * set in exactly one source.
 */
function combine(operation: Operation, words: readonly Uint32Array[], index: number): number {
  const first = words[0]?.[index] ?? 0;
  let result = first;
  let others = 0;
  let seenTwice = 0;
  for (let source = 1; source < words.length; source++) {
    const word = words[source]?.[index] ?? 0;
    if (operation === "AND") {
      result &= word;
    } else if (operation === "OR") {
      result |= word;
    } else if (operation === "XOR") {
      result ^= word;
    } else if (operation === "ONE") {
      seenTwice |= result & word;
      result = (result ^ word) & ~seenTwice;
    } else {
      others |= word;
    }
  }
  switch (operation) {
    case "NOT":
      return ~first;
    case "DIFF":
      return first & ~others;
    case "DIFF1":
      return ~first & others;
    case "ANDOR":
      return first & others;
    default:
      return result;
  }
}

/**
 * BITOP AND | OR | XOR | NOT | DIFF | DIFF1 | ANDOR | ONE destkey key [key ...]: stores the bitwise
 * combination of the strings (shorter ones zero-padded) at `destkey`; the result's length.
 * @see https://redis.io/commands/bitop
 */
export const bitop = defineCommand({
  name: "BITOP",
  group: "bitmap",
  arity: -4,
  flags: ["write", "denyoom"],
  categories: ["bitmap"],
  keys: { first: 2, last: -1, step: 1 },
  keySpecs: [
    {
      flags: ["OW", "update"],
      beginSearch: { index: 2 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
    {
      flags: ["RO", "access"],
      beginSearch: { index: 3 },
      findKeys: { lastKey: -1, keyStep: 1, limit: 0 },
    },
  ],
  since: "2.6.0",
  summary: "Performs bitwise operations on multiple strings, and stores the result.",
  complexity: "O(N)",
  parse: (args) => {
    const operation = args.token();
    if (!OPERATIONS.has(operation)) {
      throw new ReplyError(ERR.SYNTAX);
    }
    const destination = args.key();
    const sources = args.rest();
    if (operation === "NOT" && sources.length !== 1) {
      throw new ReplyError(ERR.BITOP_NOT_ONE_KEY);
    }
    if (
      (operation === "DIFF" || operation === "DIFF1" || operation === "ANDOR") &&
      sources.length < 2
    ) {
      throw new ReplyError(ERR.BITOP_TWO_KEYS(operation));
    }
    return { operation: operation as Operation, destination, sources };
  },
  run: (ctx, { operation, destination, sources }) => {
    // Missing keys are empty strings; a key of another type is WRONGTYPE.
    const values = sources.map((key) => ctx.db.getString(key) ?? "");
    const length = Math.max(...values.map((value) => value.length));
    if (length === 0) {
      // An empty result deletes the destination.
      if (ctx.db.delete(destination)) {
        ctx.modified(destination, "del", "g");
      }
      return reply.integer(0);
    }
    // Whole 32-bit words: the zero padding past `length` is cut off at the end.
    const words = values.map((value) => {
      const bytes = stringToBytes(value, length);
      return new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
    });
    const result = new Uint32Array(Math.ceil(length / 4));
    for (let index = 0; index < result.length; index++) {
      result[index] = combine(operation, words, index);
    }
    ctx.db.set(destination, bytesToString(new Uint8Array(result.buffer), length));
    ctx.modified(destination, "set", "$");
    return reply.integer(length);
  },
});
