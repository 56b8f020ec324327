import { reply } from "../../reply.ts";
import { listFill } from "../../values/list.ts";
import { defineCommand } from "../define.ts";
import { lookupList } from "./_list-operations.ts";

/**
 * LREM key count element: removes the first `count` occurrences from the head (count > 0), from
 * the tail (count < 0) or all of them (0); how many were removed.
 * @see https://redis.io/commands/lrem
 */
export const lrem = defineCommand({
  name: "LREM",
  group: "list",
  arity: 4,
  flags: ["write"],
  categories: ["list"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RW", "delete"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "1.0.0",
  summary: "Removes elements from a list. Deletes the list if the last element was removed.",
  complexity: "O(N+M) where N is the length of the list and M is the number of elements removed.",
  parse: (args) => ({ key: args.key(), count: Number(args.bigInteger()), value: args.string() }),
  run: (ctx, { key, count, value }) => {
    const list = lookupList(ctx, key);
    if (list === undefined) {
      return reply.integer(0);
    }
    const removed = list.removeMatching(value, count);
    if (removed > 0) {
      ctx.modified(key, "lrem", "l");
      if (list.isEmpty()) {
        ctx.db.delete(key);
        ctx.notify("del", key, "g");
      } else {
        list.convertAfterShrinking(listFill(ctx.server.config));
      }
    }
    return reply.integer(removed);
  },
});
