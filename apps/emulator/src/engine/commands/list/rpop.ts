import { defineCommand } from "../define.ts";
import { parsePop, runPop } from "./_helpers.ts";

/**
 * RPOP key [count]: removes and returns the last element, or with `count` up to that many as an
 * array (last first); the list is deleted once empty.
 * @see https://redis.io/commands/rpop
 */
export const rpop = defineCommand({
  name: "RPOP",
  group: "list",
  arity: -2,
  flags: ["write", "fast"],
  categories: ["list"],
  keys: { first: 1, last: 1, step: 1 },
  since: "1.0.0",
  summary:
    "Returns and removes the last elements of a list. Deletes the list if the last element was popped.",
  complexity: "O(N) where N is the number of elements returned",
  parse: (args) => parsePop(args, "rpop"),
  run: (ctx, parsed) => runPop(ctx, { ...parsed, end: "right" }),
});
