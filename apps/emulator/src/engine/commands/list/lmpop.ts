import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";
import { numkeysPositions } from "../shared-arguments.ts";
import { multiPopReply, parseMultiPop, popFirstList } from "./_list-operations.ts";

/**
 * LMPOP numkeys key [key ...] LEFT|RIGHT [COUNT count]: `[key, [elements]]` with up to `count`
 * elements popped from the first non-empty list, or a null array. Logged as LPOP/RPOP with count.
 * @see https://redis.io/commands/lmpop
 */
export const lmpop = defineCommand({
  name: "LMPOP",
  group: "list",
  arity: -4,
  flags: ["write"],
  categories: ["list"],
  movableKeys: (argv) => numkeysPositions(argv, 1),
  keySpecs: [
    {
      flags: ["RW", "access", "delete"],
      beginSearch: { index: 1 },
      findKeys: { keyNumIndex: 0, firstKey: 1, keyStep: 1 },
    },
  ],
  since: "7.0.0",
  summary:
    "Returns multiple elements from a list after removing them. Deletes the list if the last element was popped.",
  complexity:
    "O(N+M) where N is the number of provided keys and M is the number of elements returned.",
  parse: parseMultiPop,
  run: (ctx, pop) => {
    const popped = popFirstList(ctx, pop);
    return popped === undefined
      ? reply.nullArray()
      : multiPopReply(ctx, { ...popped, end: pop.end });
  },
});
