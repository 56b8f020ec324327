import { defineCommand } from "../define.ts";
import { xrange as rangeOf } from "./_range.ts";

/**
 * XRANGE key start end [COUNT count]: the entries with IDs in [start, end], oldest first. `-` and
 * `+` are the extremes, `(id` excludes the end, and an ID without sequence covers the millisecond.
 * @see https://redis.io/commands/xrange
 */
export const xrange = defineCommand({
  name: "XRANGE",
  group: "stream",
  arity: -4,
  flags: ["readonly"],
  categories: ["stream"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RO", "access"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "5.0.0",
  summary: "Returns the messages from a stream within a range of IDs.",
  complexity:
    "O(N) with N being the number of elements being returned. If N is constant (e.g. always asking for the first 10 elements with COUNT), you can consider it O(1).",
  parse: (args) => ({
    key: args.key(),
    start: args.string(),
    end: args.string(),
    options: args.rest(),
  }),
  run: (ctx, { key, start, end, options }) =>
    rangeOf(ctx, { key, start, end, options, reverse: false }),
});
