import { parseBlockingPop } from "../blocking-timeout.ts";
import { defineCommand } from "../define.ts";
import { runBlockingPop } from "./_pop.ts";

/**
 * BZPOPMIN key [key ...] timeout: `[key, member, score]` with the lowest-scored member of the first
 * non-empty set, or blocks until one gets a member or `timeout` seconds pass (0: forever), then a
 * null array. Logged as ZPOPMIN.
 * @see https://redis.io/commands/bzpopmin
 */
export const bzpopmin = defineCommand({
  name: "BZPOPMIN",
  group: "sorted-set",
  arity: -3,
  resp3: "key-member-score",
  flags: ["write", "noscript", "blocking", "fast"],
  categories: ["sortedset"],
  keys: { first: 1, last: -2, step: 1 },
  keySpecs: [
    {
      flags: ["RW", "access", "delete"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: -2, keyStep: 1, limit: 0 },
    },
  ],
  since: "5.0.0",
  summary:
    "Removes and returns the member with the lowest score from one or more sorted sets. Blocks until a member is available otherwise. Deletes the sorted set if the last element was popped.",
  complexity: "O(log(N)) with N being the number of elements in the sorted set.",
  parse: parseBlockingPop,
  run: (ctx, pop) => runBlockingPop(ctx, { ...pop, where: "min" }),
});
