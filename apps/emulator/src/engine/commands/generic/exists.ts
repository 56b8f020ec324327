import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * EXISTS key [key ...]: how many of the keys exist (a key named twice counts twice).
 * @see https://redis.io/commands/exists
 */
export const exists = defineCommand({
  name: "EXISTS",
  group: "generic",
  arity: -2,
  flags: ["readonly", "fast"],
  categories: ["keyspace"],
  keys: { first: 1, last: -1, step: 1 },
  keySpecs: [
    { flags: ["RO"], beginSearch: { index: 1 }, findKeys: { lastKey: -1, keyStep: 1, limit: 0 } },
  ],
  since: "1.0.0",
  summary: "Determines whether one or more keys exist.",
  complexity: "O(N) where N is the number of keys to check.",
  parse: (args) => ({ keys: args.rest() }),
  run: (ctx, { keys }) => {
    let count = 0;
    for (const key of keys) {
      // LOOKUP_NOTOUCH: asking whether a key exists is not a use of it.
      if (ctx.db.peek(key) !== undefined) {
        count++;
      }
    }
    return reply.integer(count);
  },
});
