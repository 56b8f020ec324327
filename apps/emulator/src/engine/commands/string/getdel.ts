import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * GETDEL key: the string at `key`, deleting the key; nil when absent.
 * @see https://redis.io/commands/getdel
 */
export const getdel = defineCommand({
  name: "GETDEL",
  group: "string",
  arity: 2,
  flags: ["write", "fast"],
  categories: ["string"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RW", "access", "delete"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "6.2.0",
  summary: "Returns the string value of a key after deleting the key.",
  complexity: "O(1)",
  parse: (args) => ({ key: args.key() }),
  run: (ctx, { key }) => {
    const value = ctx.db.getString(key);
    if (value === undefined) {
      return reply.null();
    }
    ctx.db.delete(key);
    ctx.modified(key, "del", "g");
    ctx.propagate(["DEL", key]);
    return reply.bulk(value);
  },
});
