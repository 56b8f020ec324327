import { ERR, ReplyError } from "../../errors.ts";
import { isLfuPolicy } from "../../object-info.ts";
import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * OBJECT FREQ key: the LFU access counter, only under an LFU maxmemory policy; nil for a missing key.
 * @see https://redis.io/commands/object-freq
 */
export const objectFreq = defineCommand({
  name: "OBJECT|FREQ",
  group: "generic",
  arity: 3,
  flags: ["readonly"],
  categories: ["keyspace"],
  keys: { first: 2, last: 2, step: 1 },
  since: "4.0.0",
  summary: "Returns the logarithmic access frequency counter of a Redis object.",
  complexity: "O(1)",
  parse: (args) => ({ key: args.key() }),
  run: (ctx, { key }) => {
    if (!ctx.db.has(key)) {
      return reply.null();
    }
    if (!isLfuPolicy(ctx.server.config)) {
      throw new ReplyError(ERR.LFU_NOT_SELECTED);
    }
    // Emulator difference: access frequency is not tracked, so every key reports 0.
    return reply.integer(0);
  },
});
