import { ERR, ReplyError } from "../../errors.ts";
import { isLfuPolicy } from "../../object-info.ts";
import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * OBJECT IDLETIME key: seconds since the key was last accessed (refused under an LFU policy); nil
 * for a missing key.
 * @see https://redis.io/commands/object-idletime
 */
export const objectIdletime = defineCommand({
  name: "OBJECT|IDLETIME",
  group: "generic",
  arity: 3,
  flags: ["readonly"],
  categories: ["keyspace"],
  keys: { first: 2, last: 2, step: 1 },
  since: "2.2.3",
  summary: "Returns the time since the last access to a Redis object.",
  complexity: "O(1)",
  parse: (args) => ({ key: args.key() }),
  run: (ctx, { key }) => {
    if (!ctx.db.has(key)) {
      return reply.null();
    }
    if (isLfuPolicy(ctx.server.config)) {
      throw new ReplyError(ERR.LFU_SELECTED);
    }
    // Emulator difference: access times are not tracked, so every key reports 0 (just used).
    return reply.integer(0);
  },
});
