import { reply } from "../../reply.ts";
import type { StreamValue } from "../../values/stream.ts";
import { defineCommand } from "../define.ts";
import { xgroupTarget } from "./_groups.ts";

/**
 * XGROUP DESTROY key group: removes the group with its PEL and consumers; 1, or 0 when absent.
 * Clients blocked on it in XREADGROUP get a NOGROUP error.
 * @see https://redis.io/commands/xgroup-destroy
 */
export const xgroupDestroy = defineCommand({
  name: "XGROUP|DESTROY",
  group: "stream",
  arity: 4,
  flags: ["write"],
  categories: ["stream"],
  keys: { first: 2, last: 2, step: 1 },
  keySpecs: [
    {
      flags: ["RW", "delete"],
      beginSearch: { index: 2 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "5.0.0",
  summary: "Destroys a consumer group.",
  complexity: "O(N) where N is the number of entries in the group's pending entries list (PEL).",
  parse: (args) => ({ key: args.key(), group: args.string() }),
  run: (ctx, { key, group: name }) => {
    const target = xgroupTarget(ctx, "DESTROY");
    if (target.group === undefined) {
      return reply.integer(0);
    }
    (target.stream as StreamValue).groups?.delete(name);
    // Redis signals the key as ready so blocked XREADGROUP clients learn the group is gone.
    ctx.modified(key, "xgroup-destroy", "t");
    return reply.integer(1);
  },
});
