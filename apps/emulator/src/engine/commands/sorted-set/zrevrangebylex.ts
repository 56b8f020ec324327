import { defineCommand } from "../define.ts";
import { parseRange, runRange } from "./_range.ts";

/**
 * ZREVRANGEBYLEX key max min [LIMIT offset count]: ZRANGE … BYLEX REV.
 * @see https://redis.io/commands/zrevrangebylex
 */
export const zrevrangebylex = defineCommand({
  name: "ZREVRANGEBYLEX",
  group: "sorted-set",
  arity: -4,
  flags: ["readonly"],
  categories: ["sortedset"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RO", "access"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "2.8.9",
  summary: "Returns members in a sorted set within a lexicographical range in reverse order.",
  complexity:
    "O(log(N)+M) with N being the number of elements in the sorted set and M the number of elements being returned. If M is constant (e.g. always asking for the first 10 elements with LIMIT), you can consider it O(log(N)).",
  parse: (args) => parseRange(args, { type: "lex", isReverse: true }),
  run: runRange,
});
