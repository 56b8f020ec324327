import { idleSeconds } from "../../access-time.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { isLfuPolicy } from "../../object-info.ts";
import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * OBJECT IDLETIME key: seconds since the key was last looked up (refused under an LFU policy); nil
 * for a missing key. OBJECT itself does not touch the key.
 * @see https://redis.io/commands/object-idletime
 */
export const objectIdletime = defineCommand({
  name: "OBJECT|IDLETIME",
  group: "generic",
  arity: 3,
  flags: ["readonly"],
  categories: ["keyspace"],
  keys: { first: 2, last: 2, step: 1 },
  keySpecs: [
    { flags: ["RO"], beginSearch: { index: 2 }, findKeys: { lastKey: 0, keyStep: 1, limit: 0 } },
  ],
  since: "2.2.3",
  summary: "Returns the time since the last access to a Redis object.",
  complexity: "O(1)",
  parse: (args) => ({ key: args.key() }),
  run: (ctx, { key }) => {
    const stamp = ctx.db.accessStamp(key);
    if (stamp === undefined) {
      return reply.null();
    }
    if (isLfuPolicy(ctx.server.config)) {
      throw new ReplyError(ERR.LFU_SELECTED);
    }
    return reply.integer(idleSeconds(stamp, ctx.now));
  },
});
