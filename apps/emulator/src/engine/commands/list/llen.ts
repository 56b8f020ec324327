import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";
import { lookupList } from "./_list-operations.ts";

/**
 * LLEN key: the length of the list, 0 when absent.
 * @see https://redis.io/commands/llen
 */
export const llen = defineCommand({
  name: "LLEN",
  group: "list",
  arity: 2,
  flags: ["readonly", "fast"],
  categories: ["list"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    { flags: ["RO"], beginSearch: { index: 1 }, findKeys: { lastKey: 0, keyStep: 1, limit: 0 } },
  ],
  since: "1.0.0",
  summary: "Returns the length of a list.",
  complexity: "O(1)",
  parse: (args) => ({ key: args.key() }),
  run: (ctx, { key }) => reply.integer(lookupList(ctx, key)?.length ?? 0),
});
