import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * DEL key [key ...]: removes the keys; the number removed.
 * @see https://redis.io/commands/del
 */
export const del = defineCommand({
  name: "DEL",
  group: "generic",
  arity: -2,
  flags: ["write"],
  categories: ["keyspace"],
  keys: { first: 1, last: -1, step: 1 },
  keySpecs: [
    {
      flags: ["RM", "delete"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: -1, keyStep: 1, limit: 0 },
    },
  ],
  since: "1.0.0",
  summary: "Deletes one or more keys.",
  complexity: "O(N) where N is the number of keys that will be removed.",
  parse: (args) => ({ keys: args.rest() }),
  run: (ctx, { keys }) => {
    let removed = 0;
    for (const key of keys) {
      if (ctx.db.delete(key)) {
        ctx.modified(key, "del", "g");
        removed++;
      }
    }
    return reply.integer(removed);
  },
});
