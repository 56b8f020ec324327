import { reply } from "../../reply.ts";
import { typeOf } from "../../values/types.ts";
import { defineCommand } from "../define.ts";

/**
 * TYPE key: `string`, `list`, `set`, `zset`, `hash`, `stream`, `ReJSON-RL`, or `none`.
 * @see https://redis.io/commands/type
 */
export const type = defineCommand({
  name: "TYPE",
  group: "generic",
  arity: 2,
  flags: ["readonly", "fast"],
  categories: ["keyspace"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    { flags: ["RO"], beginSearch: { index: 1 }, findKeys: { lastKey: 0, keyStep: 1, limit: 0 } },
  ],
  since: "1.0.0",
  summary: "Determines the type of value stored at a key.",
  complexity: "O(1)",
  parse: (args) => ({ key: args.key() }),
  run: (ctx, { key }) => {
    // LOOKUP_NOTOUCH: asking for the type is not a use of the key.
    const value = ctx.db.peek(key);
    return reply.simple(value === undefined ? "none" : typeOf(value));
  },
});
