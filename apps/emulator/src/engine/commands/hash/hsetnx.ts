import { reply } from "../../reply.ts";
import { hashLimits, lookupOrCreateHash } from "../../values/hash.ts";
import { defineCommand } from "../define.ts";

/**
 * HSETNX key field value: sets `field` only when it does not exist; 1 if it was set.
 * @see https://redis.io/commands/hsetnx
 */
export const hsetnx = defineCommand({
  name: "HSETNX",
  group: "hash",
  arity: 4,
  flags: ["write", "denyoom", "fast"],
  categories: ["hash"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RW", "insert"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "2.0.0",
  summary: "Sets the value of a field in a hash only when the field doesn't exist.",
  complexity: "O(1)",
  parse: (args) => ({ key: args.key(), field: args.string(), value: args.string() }),
  run: (ctx, { key, field, value }) => {
    const hash = lookupOrCreateHash(ctx, key);
    if (hash.has(field)) {
      return reply.integer(0);
    }
    const limits = hashLimits(ctx.server.config);
    hash.prepareWrite([field, value], 1, limits);
    hash.set(field, value, limits);
    ctx.modified(key, "hset", "h");
    ctx.propagate(ctx.argv);
    return reply.integer(1);
  },
});
