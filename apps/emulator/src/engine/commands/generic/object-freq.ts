import { frequency } from "../../access-time.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * OBJECT FREQ key: the LFU access counter (decayed to now), only under an LFU maxmemory policy; nil
 * for a missing key. OBJECT itself does not touch the key.
 * @see https://redis.io/commands/object-freq
 */
export const objectFreq = defineCommand({
  name: "OBJECT|FREQ",
  group: "generic",
  arity: 3,
  flags: ["readonly"],
  categories: ["keyspace"],
  keys: { first: 2, last: 2, step: 1 },
  keySpecs: [
    { flags: ["RO"], beginSearch: { index: 2 }, findKeys: { lastKey: 0, keyStep: 1, limit: 0 } },
  ],
  since: "4.0.0",
  summary: "Returns the logarithmic access frequency counter of a Redis object.",
  complexity: "O(1)",
  parse: (args) => ({ key: args.key() }),
  run: (ctx, { key }) => {
    const stamp = ctx.db.accessStamp(key);
    if (stamp === undefined) {
      return reply.null();
    }
    const policy = ctx.server.accessPolicy;
    if (!policy.isLfu) {
      throw new ReplyError(ERR.LFU_NOT_SELECTED);
    }
    return reply.integer(frequency(stamp, { policy, nowMs: ctx.now }));
  },
});
