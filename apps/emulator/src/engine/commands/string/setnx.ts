import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * SETNX key value: sets `key` only when it does not exist; 1 if set, else 0.
 * @see https://redis.io/commands/setnx
 */
export const setnx = defineCommand({
  name: "SETNX",
  group: "string",
  arity: 3,
  flags: ["write", "denyoom", "fast"],
  categories: ["string"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["OW", "insert"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "1.0.0",
  summary: "Set the string value of a key only when the key doesn't exist.",
  complexity: "O(1)",
  parse: (args) => ({ key: args.key(), value: args.string() }),
  run: (ctx, { key, value }) => {
    if (ctx.db.has(key)) {
      return reply.integer(0);
    }
    ctx.db.set(key, value);
    ctx.modified(key, "set", "$");
    return reply.integer(1);
  },
});
