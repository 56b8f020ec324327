import { refcountOf } from "../../object-info.ts";
import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * OBJECT REFCOUNT key: 2147483647 for Redis's shared small integers, 1 otherwise; nil for a missing
 * key.
 * @see https://redis.io/commands/object-refcount
 */
export const objectRefcount = defineCommand({
  name: "OBJECT|REFCOUNT",
  group: "generic",
  arity: 3,
  flags: ["readonly"],
  categories: ["keyspace"],
  keys: { first: 2, last: 2, step: 1 },
  keySpecs: [
    { flags: ["RO"], beginSearch: { index: 2 }, findKeys: { lastKey: 0, keyStep: 1, limit: 0 } },
  ],
  since: "2.2.3",
  summary: "Returns the reference count of a value of a key.",
  complexity: "O(1)",
  parse: (args) => ({ key: args.key() }),
  run: (ctx, { key }) => {
    const value = ctx.db.peek(key);
    return value === undefined ? reply.null() : reply.integer(refcountOf(value, ctx.server.config));
  },
});
