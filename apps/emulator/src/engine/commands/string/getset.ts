import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * GETSET key value: sets `key` to `value` (clearing its TTL); the previous string or nil.
 * @see https://redis.io/commands/getset
 */
export const getset = defineCommand({
  name: "GETSET",
  group: "string",
  arity: 3,
  flags: ["write", "denyoom", "fast"],
  categories: ["string"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RW", "access", "update"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "1.0.0",
  summary: "Returns the previous string value of a key after setting it to a new value.",
  complexity: "O(1)",
  parse: (args) => ({ key: args.key(), value: args.string() }),
  run: (ctx, { key, value }) => {
    const old = ctx.db.getString(key);
    ctx.db.set(key, value);
    ctx.modified(key, "set", "$");
    ctx.propagate(["SET", key, value]);
    return reply.bulkOrNull(old);
  },
});
