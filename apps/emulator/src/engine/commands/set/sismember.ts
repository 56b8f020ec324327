import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * SISMEMBER key member: 1 if `member` is in the set, else 0.
 * @see https://redis.io/commands/sismember
 */
export const sismember = defineCommand({
  name: "SISMEMBER",
  group: "set",
  arity: 3,
  flags: ["readonly", "fast"],
  categories: ["set"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    { flags: ["RO"], beginSearch: { index: 1 }, findKeys: { lastKey: 0, keyStep: 1, limit: 0 } },
  ],
  since: "1.0.0",
  summary: "Determines whether a member belongs to a set.",
  complexity: "O(1)",
  parse: (args) => ({ key: args.key(), member: args.string() }),
  run: (ctx, { key, member }) =>
    reply.integer(ctx.db.getContainer(key, "set")?.has(member) === true ? 1 : 0),
});
