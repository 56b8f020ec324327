import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";
import { lookupList } from "./_list-operations.ts";

/**
 * LRANGE key start stop: the elements from `start` to `stop` inclusive (negative indexes count
 * from the tail; out-of-range ends are clamped).
 * @see https://redis.io/commands/lrange
 */
export const lrange = defineCommand({
  name: "LRANGE",
  group: "list",
  arity: 4,
  flags: ["readonly"],
  categories: ["list"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RO", "access"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "1.0.0",
  summary: "Returns a range of elements from a list.",
  complexity:
    "O(S+N) where S is the distance of start offset from HEAD for small lists, from nearest end (HEAD or TAIL) for large lists; and N is the number of elements in the specified range.",
  parse: (args) => ({
    key: args.key(),
    start: Number(args.bigInteger()),
    stop: Number(args.bigInteger()),
  }),
  run: (ctx, { key, start, stop }) => {
    const list = lookupList(ctx, key);
    if (list === undefined) {
      return reply.array([]);
    }
    const length = list.length;
    const first = Math.max(0, start < 0 ? length + start : start);
    const last = Math.min(length - 1, stop < 0 ? length + stop : stop);
    return first > last ? reply.array([]) : reply.bulks(list.slice(first, last));
  },
});
