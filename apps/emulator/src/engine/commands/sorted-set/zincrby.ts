import { defineCommand } from "../define.ts";
import { parseAdd, runAdd } from "./_add.ts";

/**
 * ZINCRBY key increment member: adds `increment` to the member's score (0 when absent); the new
 * score. Inf + -inf is `ERR resulting score is not a number (NaN)`.
 * @see https://redis.io/commands/zincrby
 */
export const zincrby = defineCommand({
  name: "ZINCRBY",
  group: "sorted-set",
  arity: 4,
  resp3: "double",
  flags: ["write", "denyoom", "fast"],
  categories: ["sortedset"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RW", "access", "update"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "1.2.0",
  summary: "Increments the score of a member in a sorted set.",
  complexity: "O(log(N)) where N is the number of elements in the sorted set.",
  // ZADD's parser, as in Redis: an increment spelled like a ZADD option is a syntax error.
  parse: (args) => parseAdd(args, true),
  run: runAdd,
});
