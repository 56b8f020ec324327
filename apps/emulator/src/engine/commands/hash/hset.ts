import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { hashLimits, lookupOrCreateHash } from "../../values/hash.ts";
import { defineCommand } from "../define.ts";

/**
 * HSET key field value [field value ...]: sets the fields (dropping their TTLs); the number of
 * fields that were created.
 * @see https://redis.io/commands/hset
 */
export const hset = defineCommand({
  name: "HSET",
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
  summary: "Creates or modifies the value of a field in a hash.",
  complexity:
    "O(1) for each field/value pair added, so O(N) to add N field/value pairs when the command is called with multiple field/value pairs.",
  parse: (args) => {
    const key = args.key();
    const pairs = args.rest();
    // An unpaired field is an arity error, as Redis reports it (hsetCommand).
    if (pairs.length % 2 !== 0) {
      throw new ReplyError(ERR.WRONG_ARITY("hset"));
    }
    return { key, pairs };
  },
  run: (ctx, { key, pairs }) => {
    const limits = hashLimits(ctx.server.config);
    const hash = lookupOrCreateHash(ctx, key);
    hash.prepareWrite(pairs, pairs.length / 2, limits);
    let created = 0;
    for (let i = 0; i < pairs.length; i += 2) {
      if (hash.set(pairs[i] ?? "", pairs[i + 1] ?? "", limits)) {
        created++;
      }
    }
    ctx.modified(key, "hset", "h");
    ctx.propagate(ctx.argv);
    return reply.integer(created);
  },
});
