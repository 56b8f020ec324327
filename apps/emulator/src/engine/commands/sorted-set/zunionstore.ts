import { defineCommand } from "../define.ts";
import { numkeysPositions } from "../shared-arguments.ts";
import { parseSetOperation, runSetOperationStore } from "./_set-operations.ts";

/**
 * ZUNIONSTORE destination numkeys key [key ...] [WEIGHTS weight [weight ...]]
 * [AGGREGATE SUM|MIN|MAX]: stores ZUNION's result in `destination` (an empty one deletes it);
 * its size.
 * @see https://redis.io/commands/zunionstore
 */
export const zunionstore = defineCommand({
  name: "ZUNIONSTORE",
  group: "sorted-set",
  arity: -4,
  flags: ["write", "denyoom"],
  categories: ["sortedset"],
  keys: { first: 1, last: 1, step: 1 },
  movableKeys: (argv) => [1, ...numkeysPositions(argv, 2)],
  since: "2.0.0",
  summary: "Stores the union of multiple sorted sets in a key.",
  complexity:
    "O(N)+O(M log(M)) with N being the sum of the sizes of the input sorted sets, and M being the number of elements in the resulting sorted set.",
  parse: (args) => {
    const destination = args.key();
    return { destination, ...parseSetOperation(args, "zunionstore") };
  },
  run: (ctx, request) => runSetOperationStore(ctx, { ...request, kind: "union" }),
});
