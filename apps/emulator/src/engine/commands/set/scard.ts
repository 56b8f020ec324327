import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * SCARD key: the number of members, 0 for a missing key.
 * @see https://redis.io/commands/scard
 */
export const scard = defineCommand({
  name: "SCARD",
  group: "set",
  arity: 2,
  flags: ["readonly", "fast"],
  categories: ["set"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    { flags: ["RO"], beginSearch: { index: 1 }, findKeys: { lastKey: 0, keyStep: 1, limit: 0 } },
  ],
  since: "1.0.0",
  summary: "Returns the number of members in a set.",
  complexity: "O(1)",
  parse: (args) => ({ key: args.key() }),
  run: (ctx, { key }) => reply.integer(ctx.db.getContainer(key, "set")?.size ?? 0),
});
