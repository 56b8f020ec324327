import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * MSETNX key value [key value ...]: sets every key only when none exists; 1 if set, else 0.
 * @see https://redis.io/commands/msetnx
 */
export const msetnx = defineCommand({
  name: "MSETNX",
  group: "string",
  arity: -3,
  flags: ["write", "denyoom"],
  categories: ["string"],
  keys: { first: 1, last: -1, step: 2 },
  keySpecs: [
    {
      flags: ["OW", "insert"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: -1, keyStep: 2, limit: 0 },
    },
  ],
  since: "1.0.1",
  summary:
    "Atomically modifies the string values of one or more keys only when all keys don't exist.",
  complexity: "O(N) where N is the number of keys to set.",
  parse: (args) => {
    const pairs = args.rest();
    if (pairs.length % 2 !== 0) {
      throw new ReplyError(ERR.WRONG_ARITY("msetnx"));
    }
    return { pairs };
  },
  run: (ctx, { pairs }) => {
    for (let index = 0; index < pairs.length; index += 2) {
      if (ctx.db.has(pairs[index] ?? "")) {
        return reply.integer(0);
      }
    }
    for (let index = 0; index < pairs.length; index += 2) {
      const key = pairs[index] ?? "";
      ctx.db.set(key, pairs[index + 1] ?? "");
      ctx.modified(key, "set", "$");
    }
    return reply.integer(1);
  },
});
