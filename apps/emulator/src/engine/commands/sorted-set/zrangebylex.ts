import { defineCommand } from "../define.ts";
import { parseRange, runRange } from "./_range.ts";

/**
 * ZRANGEBYLEX key min max [LIMIT offset count]: ZRANGE … BYLEX.
 * @see https://redis.io/commands/zrangebylex
 */
export const zrangebylex = defineCommand({
  name: "ZRANGEBYLEX",
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
  summary: "Returns members in a sorted set within a lexicographical range.",
  complexity:
    "O(log(N)+M) with N being the number of elements in the sorted set and M the number of elements being returned. If M is constant (e.g. always asking for the first 10 elements with LIMIT), you can consider it O(log(N)).",
  parse: (args) => parseRange(args, { type: "lex", isReverse: false }),
  run: runRange,
});
