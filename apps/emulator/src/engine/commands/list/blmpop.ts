import { reply } from "../../reply.ts";
import { parseTimeout } from "../blocking-timeout.ts";
import { defineCommand } from "../define.ts";
import { numkeysPositions } from "../shared-arguments.ts";
import { multiPopReply, parseMultiPop, popFirstList } from "./_list-operations.ts";

/**
 * BLMPOP timeout numkeys key [key ...] LEFT|RIGHT [COUNT count]: LMPOP, or blocks until one of the
 * lists gets an element or `timeout` seconds pass (0: forever), then a null array.
 * @see https://redis.io/commands/blmpop
 */
export const blmpop = defineCommand({
  name: "BLMPOP",
  group: "list",
  arity: -5,
  flags: ["write", "blocking"],
  categories: ["list"],
  movableKeys: (argv) => numkeysPositions(argv, 2),
  keySpecs: [
    {
      flags: ["RW", "access", "delete"],
      beginSearch: { index: 2 },
      findKeys: { keyNumIndex: 0, firstKey: 1, keyStep: 1 },
    },
  ],
  since: "7.0.0",
  summary:
    "Pops the first element from one of multiple lists. Blocks until an element is available otherwise. Deletes the list if the last element was popped.",
  complexity:
    "O(N+M) where N is the number of provided keys and M is the number of elements returned.",
  // Redis reads the timeout after the other arguments, so their errors come first.
  parse: (args) => {
    const timeout = args.string();
    return { timeout, ...parseMultiPop(args) };
  },
  run: (ctx, pop) => {
    const timeoutMs = parseTimeout(pop.timeout, ctx.now);
    const popped = popFirstList(ctx, pop);
    if (popped === undefined) {
      return ctx.block({ keys: pop.keys, timeoutMs, timeoutReply: reply.nullArray() });
    }
    return multiPopReply(ctx, { ...popped, end: pop.end });
  },
});
