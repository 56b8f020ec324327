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
  since: "1.0.0",
  summary: "Determines whether one or more keys exist.",
  complexity: "O(N) where N is the number of keys to check.",
  parse: (args) => ({ keys: args.rest() }),
  run: (ctx, { keys }) => {
    let count = 0;
    for (const key of keys) {
      if (ctx.db.has(key)) {
        count++;
      }
    }
    return reply.integer(count);
  },
});
