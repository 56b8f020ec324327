import { ERR } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { deleteHashIfEmpty, lookupHash } from "../../values/hash.ts";
import { defineCommand } from "../define.ts";
import { parseFieldsBlock } from "./_field-expiry.ts";

/**
 * HGETDEL key FIELDS numfields field [field ...]: the value of each field (nil when absent), and
 * removes them; the key goes with its last field.
 * @see https://redis.io/commands/hgetdel
 */
export const hgetdel = defineCommand({
  name: "HGETDEL",
  group: "hash",
  arity: -5,
  flags: ["write", "fast"],
  categories: ["hash"],
  keys: { first: 1, last: 1, step: 1 },
  since: "8.0.0",
  summary: "Returns the value of a field and deletes it from the hash.",
  complexity: "O(N) where N is the number of specified fields",
  parse: (args) => ({ key: args.key(), rest: args.rest() }),
  run: (ctx, { key }) => {
    ctx.db.getContainer(key, "hash");
    const fields = parseFieldsBlock(ctx.argv, 2, ERR.NUMFIELDS_NOT_POSITIVE);
    const hash = lookupHash(ctx, key);
    let deleted = 0;
    const values = fields.map((field) => {
      const value = hash?.get(field);
      if (value !== undefined && hash?.delete(field) === true) {
        deleted++;
      }
      return value;
    });
    if (deleted > 0) {
      ctx.modified(key, "hdel", "h");
      // Logged as HDEL of the requested fields, as Redis rewrites it.
      ctx.propagate(["HDEL", key, ...fields]);
      deleteHashIfEmpty(ctx, key);
    }
    return reply.bulksOrNull(values);
  },
});
