import { reply } from "../../reply.ts";
import { getBit, maxBulkLength, parseBitOffset } from "../../values/string.ts";
import { defineCommand } from "../define.ts";

/**
 * GETBIT key offset: the bit at `offset` of the string at `key`; 0 past its end or when absent.
 * @see https://redis.io/commands/getbit
 */
export const getbit = defineCommand({
  name: "GETBIT",
  group: "bitmap",
  arity: 3,
  flags: ["readonly", "fast"],
  categories: ["bitmap"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RO", "access"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "2.2.0",
  summary: "Returns a bit value by offset.",
  complexity: "O(1)",
  parse: (args) => ({ key: args.key(), offset: args.string() }),
  run: (ctx, { key, offset }) => {
    const bitOffset = parseBitOffset(offset, maxBulkLength(ctx.server.config));
    const value = ctx.db.getString(key);
    return reply.integer(value === undefined ? 0 : getBit(value, bitOffset));
  },
});
