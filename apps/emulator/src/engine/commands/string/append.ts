import { reply } from "../../reply.ts";
import { checkStringLength } from "../../values/string.ts";
import { defineCommand } from "../define.ts";

/**
 * APPEND key value: appends to the string at `key` (creating it); the new length.
 * @see https://redis.io/commands/append
 */
export const append = defineCommand({
  name: "APPEND",
  group: "string",
  arity: 3,
  flags: ["write", "denyoom", "fast"],
  categories: ["string"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RW", "insert"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "2.0.0",
  summary: "Appends a string to the value of a key. Creates the key if it doesn't exist.",
  complexity:
    "O(1). The amortized time complexity is O(1) assuming the appended value is small and the already present value is of any size, since the dynamic string library used by Redis will double the free space available on every reallocation.",
  parse: (args) => ({ key: args.key(), value: args.string() }),
  run: (ctx, { key, value }) => {
    const current = ctx.db.getString(key);
    let result = value;
    if (current !== undefined) {
      // Only growing an existing value is checked: a new one is the argument itself.
      checkStringLength(current.length + value.length, ctx.server.config);
      // V8 concatenates into a rope, so repeated appends stay amortized O(1) like sdscatlen.
      result = current + value;
    }
    // Appending modifies the value in place in Redis: the TTL stays.
    ctx.db.set(key, result, true);
    ctx.modified(key, "append", "$");
    return reply.integer(result.length);
  },
});
