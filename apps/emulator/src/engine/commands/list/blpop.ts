import { parseBlockingPop } from "../blocking-timeout.ts";
import { defineCommand } from "../define.ts";
import { runBlockingPop } from "./_list-operations.ts";

/**
 * BLPOP key [key ...] timeout: `[key, element]` popped from the head of the first non-empty list,
 * or blocks until one gets an element or `timeout` seconds pass (0: forever), then a null array.
 * Logged as LPOP.
 * @see https://redis.io/commands/blpop
 */
export const blpop = defineCommand({
  name: "BLPOP",
  group: "list",
  arity: -3,
  flags: ["write", "noscript", "blocking"],
  categories: ["list"],
  keys: { first: 1, last: -2, step: 1 },
  keySpecs: [
    {
      flags: ["RW", "access", "delete"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: -2, keyStep: 1, limit: 0 },
    },
  ],
  since: "2.0.0",
  summary:
    "Removes and returns the first element in a list. Blocks until an element is available otherwise. Deletes the list if the last element was popped.",
  complexity: "O(N) where N is the number of provided keys.",
  parse: parseBlockingPop,
  run: (ctx, pop) => runBlockingPop(ctx, { ...pop, end: "left" }),
});
