import { defineCommand } from "../define.ts";
import { xrange } from "./_range.ts";

/**
 * XREVRANGE key end start [COUNT count]: XRANGE newest first, with the ends swapped.
 * @see https://redis.io/commands/xrevrange
 */
export const xrevrange = defineCommand({
  name: "XREVRANGE",
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
  summary: "Returns the messages from a stream within a range of IDs in reverse order.",
  complexity:
    "O(N) with N being the number of elements returned. If N is constant (e.g. always asking for the first 10 elements with COUNT), you can consider it O(1).",
  parse: (args) => ({
    key: args.key(),
    end: args.string(),
    start: args.string(),
    options: args.rest(),
  }),
  run: (ctx, { key, start, end, options }) =>
    xrange(ctx, { key, start, end, options, reverse: true }),
});
