import { ERR } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { lookupHash } from "../../values/hash.ts";
import { defineCommand } from "../define.ts";
import { parseFieldsBlock } from "./_field-expiry.ts";

/**
 * HPERSIST key FIELDS numfields field [field ...]: removes the expiry of each field; per field 1
 * (removed), -1 (it had none) or -2 (no such field).
 * @see https://redis.io/commands/hpersist
 */
export const hpersist = defineCommand({
  name: "HPERSIST",
  group: "hash",
  arity: -5,
  flags: ["write", "fast"],
  categories: ["hash"],
  keys: { first: 1, last: 1, step: 1 },
  since: "7.4.0",
  summary: "Removes the expiration time for each specified field",
  complexity: "O(N) where N is the number of specified fields",
  parse: (args) => ({ key: args.key(), rest: args.rest() }),
  run: (ctx, { key }) => {
    // WRONGTYPE comes before argument errors (hpersistCommand).
    ctx.db.getContainer(key, "hash");
    const fields = parseFieldsBlock(ctx.argv, 2, ERR.NUMFIELDS_NOT_POSITIVE);
    const hash = lookupHash(ctx, key);
    let changed = false;
    const results = fields.map((field) => {
      if (hash?.has(field) !== true) {
        return -2;
      }
      if (!hash.persist(field)) {
        return -1;
      }
      changed = true;
      return 1;
    });
    if (changed) {
      ctx.modified(key, "hpersist", "h");
      ctx.propagate(ctx.argv);
    }
    return reply.integers(results);
  },
});
