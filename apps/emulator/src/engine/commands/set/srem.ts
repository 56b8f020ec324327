import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * SREM key member [member ...]: removes the members; the number removed. The key goes with its
 * last member.
 * @see https://redis.io/commands/srem
 */
export const srem = defineCommand({
  name: "SREM",
  group: "set",
  arity: -3,
  flags: ["write", "fast"],
  categories: ["set"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RW", "delete"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "1.0.0",
  summary:
    "Removes one or more members from a set. Deletes the set if the last member was removed.",
  complexity: "O(N) where N is the number of members to be removed.",
  parse: (args) => ({ key: args.key(), members: args.rest() }),
  run: (ctx, { key, members }) => {
    const set = ctx.db.getContainer(key, "set");
    if (set === undefined) {
      return reply.integer(0);
    }
    let removed = 0;
    for (const member of members) {
      if (set.remove(member)) {
        removed++;
        if (set.isEmpty()) {
          break;
        }
      }
    }
    if (removed > 0) {
      ctx.modified(key, "srem", "s");
      if (ctx.db.deleteIfEmpty(key)) {
        ctx.notify("del", key, "g");
      }
    }
    return reply.integer(removed);
  },
});
