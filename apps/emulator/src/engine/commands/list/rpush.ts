import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";
import { pushValues } from "./_helpers.ts";

/**
 * RPUSH key element [element ...]: appends the elements, creating the list; the new length.
 * @see https://redis.io/commands/rpush
 */
export const rpush = defineCommand({
  name: "RPUSH",
  group: "list",
  arity: -3,
  flags: ["write", "denyoom", "fast"],
  categories: ["list"],
  keys: { first: 1, last: 1, step: 1 },
  since: "1.0.0",
  summary: "Appends one or more elements to a list. Creates the key if it doesn't exist.",
  complexity:
    "O(1) for each element added, so O(N) to add N elements when the command is called with multiple arguments.",
  parse: (args) => ({ key: args.key(), values: args.rest() }),
  run: (ctx, { key, values }) =>
    reply.integer(pushValues(ctx, key, { values, end: "right" }).length),
});
