import { reply } from "../../reply.ts";
import { listFill } from "../../values/list.ts";
import { defineCommand } from "../define.ts";
import { lookupList } from "./_list-operations.ts";

/**
 * LTRIM key start stop: keeps only the elements from `start` to `stop` inclusive; an empty range
 * deletes the list.
 * @see https://redis.io/commands/ltrim
 */
export const ltrim = defineCommand({
  name: "LTRIM",
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
  summary: "Removes elements from both ends a list. Deletes the list if all elements were trimmed.",
  complexity: "O(N) where N is the number of elements to be removed by the operation.",
  parse: (args) => ({
    key: args.key(),
    start: Number(args.bigInteger()),
    stop: Number(args.bigInteger()),
  }),
  run: (ctx, { key, start, stop }) => {
    const list = lookupList(ctx, key);
    if (list === undefined) {
      return reply.ok();
    }
    const length = list.length;
    const first = Math.max(0, start < 0 ? length + start : start);
    const last = Math.min(length - 1, stop < 0 ? length + stop : stop);
    if (first > last) {
      list.trim(length, length - 1);
    } else {
      list.trim(first, last);
    }
    // Redis announces `ltrim` and touches the key even when nothing was removed.
    ctx.modified(key, "ltrim", "l");
    if (list.isEmpty()) {
      ctx.db.delete(key);
      ctx.notify("del", key, "g");
    } else {
      list.convertAfterShrinking(listFill(ctx.server.config));
    }
    return reply.ok();
  },
});
