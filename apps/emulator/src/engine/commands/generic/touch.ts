import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * TOUCH key [key ...]: how many of the keys exist. Redis also refreshes their access time, which
 * the engine does not track.
 * @see https://redis.io/commands/touch
 */
export const touch = defineCommand({
  name: "TOUCH",
  group: "generic",
  arity: -2,
  flags: ["readonly", "fast"],
  categories: ["keyspace"],
  keys: { first: 1, last: -1, step: 1 },
  keySpecs: [
    { flags: ["RO"], beginSearch: { index: 1 }, findKeys: { lastKey: -1, keyStep: 1, limit: 0 } },
  ],
  since: "3.2.1",
  summary:
    "Returns the number of existing keys out of those specified after updating the time they were last accessed.",
  complexity: "O(N) where N is the number of keys that will be touched.",
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
