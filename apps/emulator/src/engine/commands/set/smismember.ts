import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * SMISMEMBER key member [member ...]: 1 or 0 per member (a missing key is an empty set).
 * @see https://redis.io/commands/smismember
 */
export const smismember = defineCommand({
  name: "SMISMEMBER",
  group: "set",
  arity: -3,
  flags: ["readonly", "fast"],
  categories: ["set"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RO", "access"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "6.2.0",
  summary: "Determines whether multiple members belong to a set.",
  complexity: "O(N) where N is the number of elements being checked for membership",
  parse: (args) => ({ key: args.key(), members: args.rest() }),
  run: (ctx, { key, members }) => {
    const set = ctx.db.getContainer(key, "set");
    return reply.integers(members.map((member) => (set?.has(member) === true ? 1 : 0)));
  },
});
