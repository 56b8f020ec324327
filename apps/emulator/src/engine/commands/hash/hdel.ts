import { reply } from "../../reply.ts";
import { lookupHash } from "../../values/hash.ts";
import { defineCommand } from "../define.ts";

/**
 * HDEL key field [field ...]: removes the fields; the number removed. The key goes with its last
 * field.
 * @see https://redis.io/commands/hdel
 */
export const hdel = defineCommand({
  name: "HDEL",
  group: "hash",
  arity: -3,
  flags: ["write", "fast"],
  categories: ["hash"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RW", "delete"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "2.0.0",
  summary:
    "Deletes one or more fields and their values from a hash. Deletes the hash if no fields remain.",
  complexity: "O(N) where N is the number of fields to be removed.",
  parse: (args) => ({ key: args.key(), fields: args.rest() }),
  run: (ctx, { key, fields }) => {
    const hash = lookupHash(ctx, key);
    if (hash === undefined) {
      return reply.integer(0);
    }
    let deleted = 0;
    for (const field of fields) {
      if (hash.delete(field)) {
        deleted++;
        if (hash.isEmpty()) {
          break;
        }
      }
    }
    if (deleted > 0) {
      ctx.modified(key, "hdel", "h");
      ctx.propagate(ctx.argv);
      if (ctx.db.deleteIfEmpty(key)) {
        ctx.notify("del", key, "g");
      }
    }
    return reply.integer(deleted);
  },
});
