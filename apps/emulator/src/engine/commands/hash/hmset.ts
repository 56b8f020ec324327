import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { hashLimits, lookupOrCreateHash } from "../../values/hash.ts";
import { defineCommand } from "../define.ts";

/**
 * HMSET key field value [field value ...]: HSET answering OK (deprecated since Redis 4.0).
 * @see https://redis.io/commands/hmset
 */
export const hmset = defineCommand({
  name: "HMSET",
  group: "hash",
  arity: -4,
  flags: ["write", "denyoom", "fast"],
  categories: ["hash"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RW", "update"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "2.0.0",
  summary: "Sets the values of multiple fields.",
  complexity: "O(N) where N is the number of fields being set.",
  parse: (args) => {
    const key = args.key();
    const pairs = args.rest();
    if (pairs.length % 2 !== 0) {
      throw new ReplyError(ERR.WRONG_ARITY("hmset"));
    }
    return { key, pairs };
  },
  run: (ctx, { key, pairs }) => {
    const limits = hashLimits(ctx.server.config);
    const hash = lookupOrCreateHash(ctx, key);
    hash.prepareWrite(pairs, pairs.length / 2, limits);
    for (let i = 0; i < pairs.length; i += 2) {
      hash.set(pairs[i] ?? "", pairs[i + 1] ?? "", limits);
    }
    ctx.modified(key, "hset", "h");
    ctx.propagate(ctx.argv);
    return reply.ok();
  },
});
