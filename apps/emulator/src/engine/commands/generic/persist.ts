import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * PERSIST key: removes the key's TTL; 1 when it had one, 0 otherwise.
 * @see https://redis.io/commands/persist
 */
export const persist = defineCommand({
  name: "PERSIST",
  group: "generic",
  arity: 2,
  flags: ["write", "fast"],
  categories: ["keyspace"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RW", "update"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "2.2.0",
  summary: "Removes the expiration time of a key.",
  complexity: "O(1)",
  parse: (args) => ({ key: args.key() }),
  run: (ctx, { key }) => {
    if (!ctx.db.persist(key)) {
      return reply.integer(0);
    }
    ctx.modified(key, "persist", "g");
    return reply.integer(1);
  },
});
