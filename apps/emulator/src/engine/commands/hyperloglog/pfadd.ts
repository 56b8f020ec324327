import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import {
  addElement,
  HyperLogLog,
  maxSparseBytes,
  readHyperLogLog,
} from "../../values/hyperloglog.ts";
import { defineCommand } from "../define.ts";

/**
 * PFADD key [element ...]: adds the elements to the HyperLogLog at `key` (created sparse when
 * absent); 1 if a register changed (or the key was created), else 0.
 * @see https://redis.io/commands/pfadd
 */
export const pfadd = defineCommand({
  name: "PFADD",
  group: "hyperloglog",
  arity: -2,
  flags: ["write", "denyoom", "fast"],
  categories: ["hyperloglog"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RW", "insert"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "2.8.9",
  summary: "Adds elements to a HyperLogLog key. Creates the key if it doesn't exist.",
  complexity: "O(1) to add every element.",
  parse: (args) => ({ key: args.key(), elements: args.rest() }),
  run: (ctx, { key, elements }) => {
    const stored = readHyperLogLog(ctx.db, key);
    const hll = stored === undefined ? HyperLogLog.create() : HyperLogLog.fromString(stored);
    const limit = maxSparseBytes(ctx.server.config);
    let updated = stored === undefined ? 1 : 0;
    for (const element of elements) {
      const result = addElement(hll, element, limit);
      if (result === -1) {
        // Redis edits the value in place, so the elements added before the corruption was found
        // stay, with no event and nothing propagated.
        if (updated > 0) {
          ctx.db.set(key, hll.toString(), true);
        }
        throw new ReplyError(ERR.HLL_CORRUPTED);
      }
      updated += result;
    }
    if (updated === 0) {
      return reply.integer(0);
    }
    hll.invalidateCache();
    // The value is edited in place in Redis: the TTL stays.
    ctx.db.set(key, hll.toString(), true);
    ctx.modified(key, "pfadd", "$");
    return reply.integer(1);
  },
});
