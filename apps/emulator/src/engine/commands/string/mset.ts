import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * MSET key value [key value ...]: sets every key (clearing TTLs); always OK.
 * @see https://redis.io/commands/mset
 */
export const mset = defineCommand({
  name: "MSET",
  group: "string",
  arity: -3,
  flags: ["write", "denyoom"],
  categories: ["string"],
  keys: { first: 1, last: -1, step: 2 },
  keySpecs: [
    {
      flags: ["OW", "update"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: -1, keyStep: 2, limit: 0 },
    },
  ],
  since: "1.0.1",
  summary: "Atomically creates or modifies the string values of one or more keys.",
  complexity: "O(N) where N is the number of keys to set.",
  parse: (args) => {
    const pairs = args.rest();
    // An odd argument count is an arity error, raised by the command itself (msetGenericCommand).
    if (pairs.length % 2 !== 0) {
      throw new ReplyError(ERR.WRONG_ARITY("mset"));
    }
    return { pairs };
  },
  run: (ctx, { pairs }) => {
    for (let index = 0; index < pairs.length; index += 2) {
      const key = pairs[index] ?? "";
      ctx.db.set(key, pairs[index + 1] ?? "");
      ctx.modified(key, "set", "$");
    }
    return reply.ok();
  },
});
