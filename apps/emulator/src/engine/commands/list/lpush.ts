import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";
import { pushValues } from "./_helpers.ts";

/**
 * LPUSH key element [element ...]: prepends the elements one by one (so the last ends up first),
 * creating the list; the new length.
 * @see https://redis.io/commands/lpush
 */
export const lpush = defineCommand({
  name: "LPUSH",
  group: "list",
  arity: -3,
  flags: ["write", "denyoom", "fast"],
  categories: ["list"],
  keys: { first: 1, last: 1, step: 1 },
  since: "1.0.0",
  summary: "Prepends one or more elements to a list. Creates the key if it doesn't exist.",
  complexity:
    "O(1) for each element added, so O(N) to add N elements when the command is called with multiple arguments.",
  parse: (args) => ({ key: args.key(), values: args.rest() }),
  run: (ctx, { key, values }) =>
    reply.integer(pushValues(ctx, key, { values, end: "left" }).length),
});
