import { defineCommand } from "../define.ts";
import { numkeysPositions } from "../shared-arguments.ts";
import { parseSetOperation, runSetOperation } from "./_set-operations.ts";

/**
 * ZUNION numkeys key [key ...] [WEIGHTS weight [weight ...]] [AGGREGATE SUM|MIN|MAX] [WITHSCORES]:
 * every member of the inputs (sets count as score 1) with its weighted scores aggregated.
 * @see https://redis.io/commands/zunion
 */
export const zunion = defineCommand({
  name: "ZUNION",
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
  summary: "Returns the union of multiple sorted sets.",
  complexity:
    "O(N)+O(M*log(M)) with N being the sum of the sizes of the input sorted sets, and M being the number of elements in the resulting sorted set.",
  parse: (args) => parseSetOperation(args, "zunion"),
  run: (ctx, request) => runSetOperation(ctx, { ...request, kind: "union" }),
});
