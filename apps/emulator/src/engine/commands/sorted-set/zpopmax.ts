import { defineCommand } from "../define.ts";
import { parsePop, runPop } from "./_pop.ts";

/**
 * ZPOPMAX key [count]: removes and returns up to `count` (default 1) highest-scored members as
 * `[member, score, …]`, highest first.
 * @see https://redis.io/commands/zpopmax
 */
export const zpopmax = defineCommand({
  name: "ZPOPMAX",
  group: "sorted-set",
  arity: -2,
  resp3: "pop",
  flags: ["write", "fast"],
  categories: ["sortedset"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RW", "access", "delete"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "5.0.0",
  summary:
    "Returns the highest-scoring members from a sorted set after removing them. Deletes the sorted set if the last member was popped.",
  complexity:
    "O(log(N)*M) with N being the number of elements in the sorted set, and M being the number of elements popped.",
  parse: parsePop,
  run: (ctx, pop) => runPop(ctx, { ...pop, where: "max" }),
});
