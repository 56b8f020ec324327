import { defineCommand } from "../define.ts";
import { numkeysPositions } from "../shared-arguments.ts";
import { parseSetOperation, runSetOperation } from "./_set-operations.ts";

/**
 * ZDIFF numkeys key [key ...] [WITHSCORES]: the members of the first input that are in no other,
 * with their scores there.
 * @see https://redis.io/commands/zdiff
 */
export const zdiff = defineCommand({
  name: "ZDIFF",
  group: "sorted-set",
  arity: -3,
  resp3: "scored",
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
  since: "6.2.0",
  summary: "Returns the difference between multiple sorted sets.",
  complexity:
    "O(L + (N-K)log(N)) worst case where L is the total number of elements in all the sets, N is the size of the first set, and K is the size of the result set.",
  parse: (args) => parseSetOperation(args, "zdiff"),
  run: (ctx, request) => runSetOperation(ctx, { ...request, kind: "diff" }),
});
