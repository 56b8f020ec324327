import { defineCommand } from "../define.ts";
import { numkeysPositions } from "../shared-arguments.ts";
import { parseSetOperation, runIntersectionCardinality } from "./_set-operations.ts";

/**
 * ZINTERCARD numkeys key [key ...] [LIMIT limit]: the size of ZINTER's result, counting stopped
 * at `limit` when it is not 0.
 * @see https://redis.io/commands/zintercard
 */
export const zintercard = defineCommand({
  name: "ZINTERCARD",
  group: "sorted-set",
  arity: -3,
  flags: ["readonly"],
  categories: ["sortedset"],
  movableKeys: (argv) => numkeysPositions(argv, 1),
  keySpecs: [
    {
      flags: ["RO", "access"],
      beginSearch: { index: 1 },
      findKeys: { keyNumIndex: 0, firstKey: 1, keyStep: 1 },
    },
  ],
  since: "7.0.0",
  summary: "Returns the number of members of the intersect of multiple sorted sets.",
  complexity:
    "O(N*K) worst case with N being the smallest input sorted set, K being the number of input sorted sets.",
  parse: (args) => parseSetOperation(args, "zintercard"),
  run: runIntersectionCardinality,
});
