import { defineCommand } from "../define.ts";
import { numkeysPositions } from "../shared-arguments.ts";
import { parseSetOperation, runSetOperationStore } from "./_set-operations.ts";

/**
 * ZINTERSTORE destination numkeys key [key ...] [WEIGHTS weight [weight ...]]
 * [AGGREGATE SUM|MIN|MAX]: stores ZINTER's result in `destination` (an empty one deletes it);
 * its size.
 * @see https://redis.io/commands/zinterstore
 */
export const zinterstore = defineCommand({
  name: "ZINTERSTORE",
  group: "sorted-set",
  arity: -4,
  flags: ["write", "denyoom"],
  categories: ["sortedset"],
  keys: { first: 1, last: 1, step: 1 },
  movableKeys: (argv) => [1, ...numkeysPositions(argv, 2)],
  since: "2.0.0",
  summary: "Stores the intersect of multiple sorted sets in a key.",
  complexity:
    "O(N*K)+O(M*log(M)) worst case with N being the smallest input sorted set, K being the number of input sorted sets and M being the number of elements in the resulting sorted set.",
  parse: (args) => {
    const destination = args.key();
    return { destination, ...parseSetOperation(args, "zinterstore") };
  },
  run: (ctx, request) => runSetOperationStore(ctx, { ...request, kind: "inter" }),
});
