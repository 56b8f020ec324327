import { defineCommand } from "../define.ts";
import { parseAdd, runAdd } from "./_add.ts";

/**
 * ZADD key [NX | XX] [GT | LT] [CH] [INCR] score member [score member ...]: adds members or updates
 * their scores; the number added (with CH: added or changed), or with INCR the member's new score.
 * @see https://redis.io/commands/zadd
 */
export const zadd = defineCommand({
  name: "ZADD",
  group: "sorted-set",
  arity: -4,
  resp3: "double",
  flags: ["write", "denyoom", "fast"],
  categories: ["sortedset"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RW", "update"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "1.2.0",
  summary:
    "Adds one or more members to a sorted set, or updates their scores. Creates the key if it doesn't exist.",
  complexity: "O(log(N)) for each item added, where N is the number of elements in the sorted set.",
  parse: (args) => parseAdd(args, false),
  run: runAdd,
});
