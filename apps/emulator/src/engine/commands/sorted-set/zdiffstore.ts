import { defineCommand } from "../define.ts";
import { numkeysPositions } from "../shared-arguments.ts";
import { parseSetOperation, runSetOperationStore } from "./_set-operations.ts";

/**
 * ZDIFFSTORE destination numkeys key [key ...]: stores ZDIFF's result in `destination` (an empty
 * one deletes it); its size.
 * @see https://redis.io/commands/zdiffstore
 */
export const zdiffstore = defineCommand({
  name: "ZDIFFSTORE",
  group: "sorted-set",
  arity: -4,
  flags: ["write", "denyoom"],
  categories: ["sortedset"],
  keys: { first: 1, last: 1, step: 1 },
  movableKeys: (argv) => [1, ...numkeysPositions(argv, 2)],
  since: "6.2.0",
  summary: "Stores the difference of multiple sorted sets in a key.",
  complexity:
    "O(L + (N-K)log(N)) worst case where L is the total number of elements in all the sets, N is the size of the first set, and K is the size of the result set.",
  parse: (args) => {
    const destination = args.key();
    return { destination, ...parseSetOperation(args, "zdiffstore") };
  },
  run: (ctx, request) => runSetOperationStore(ctx, { ...request, kind: "diff" }),
});
