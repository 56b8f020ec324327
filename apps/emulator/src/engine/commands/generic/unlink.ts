import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * UNLINK key [key ...]: DEL whose memory is reclaimed in the background in Redis; the number of
 * keys removed.
 * @see https://redis.io/commands/unlink
 */
export const unlink = defineCommand({
  name: "UNLINK",
  group: "generic",
  arity: -2,
  flags: ["write", "fast"],
  categories: ["keyspace"],
  keys: { first: 1, last: -1, step: 1 },
  keySpecs: [
    {
      flags: ["RM", "delete"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: -1, keyStep: 1, limit: 0 },
    },
  ],
  since: "4.0.0",
  summary: "Asynchronously deletes one or more keys.",
  complexity:
    "O(1) for each key removed regardless of its size. Then the command does O(N) work in a different thread in order to reclaim memory, where N is the number of allocations the deleted objects where composed of.",
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
