import { defineCommand } from "../define.ts";
import { numkeysPositions } from "../shared-arguments.ts";
import { parseSetOperation, runSetOperation } from "./_set-operations.ts";

/**
 * ZINTER numkeys key [key ...] [WEIGHTS weight [weight ...]] [AGGREGATE SUM|MIN|MAX] [WITHSCORES]:
 * the members present in every input, with their weighted scores aggregated.
 * @see https://redis.io/commands/zinter
 */
export const zinter = defineCommand({
  name: "ZINTER",
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
  summary: "Returns the intersect of multiple sorted sets.",
  complexity:
    "O(N*K)+O(M*log(M)) worst case with N being the smallest input sorted set, K being the number of input sorted sets and M being the number of elements in the resulting sorted set.",
  parse: (args) => parseSetOperation(args, "zinter"),
  run: (ctx, request) => runSetOperation(ctx, { ...request, kind: "inter" }),
});
