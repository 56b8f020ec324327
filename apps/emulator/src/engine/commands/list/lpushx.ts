import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";
import { lookupList, pushValues } from "./_list-operations.ts";

/**
 * LPUSHX key element [element ...]: LPUSH only when the list exists; the new length, or 0.
 * @see https://redis.io/commands/lpushx
 */
export const lpushx = defineCommand({
  name: "LPUSHX",
  group: "list",
  arity: -3,
  flags: ["write", "denyoom", "fast"],
  categories: ["list"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RW", "insert"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "2.2.0",
  summary: "Prepends one or more elements to a list only when the list exists.",
  complexity:
    "O(1) for each element added, so O(N) to add N elements when the command is called with multiple arguments.",
  parse: (args) => ({ key: args.key(), values: args.rest() }),
  run: (ctx, { key, values }) => {
    if (lookupList(ctx, key) === undefined) {
      return reply.integer(0);
    }
    return reply.integer(pushValues(ctx, key, { values, end: "left" }).length);
  },
});
