import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import {
  HLL_DENSE,
  HLL_REGISTERS,
  HyperLogLog,
  maxSparseBytes,
  mergeInto,
  raiseRegister,
  readHyperLogLog,
  sparseToDense,
} from "../../values/hyperloglog.ts";
import { defineCommand } from "../define.ts";

/**
 * PFMERGE destkey [sourcekey ...]: merges the HyperLogLogs (the destination's own registers
 * included) into `destkey`. The destination turns dense when any input is dense; otherwise its
 * registers are raised one by one in the sparse form, which may promote it as PFADD does.
 * @see https://redis.io/commands/pfmerge
 */
export const pfmerge = defineCommand({
  name: "PFMERGE",
  group: "hyperloglog",
  arity: -2,
  flags: ["write", "denyoom"],
  categories: ["hyperloglog"],
  keys: { first: 1, last: -1, step: 1 },
  keySpecs: [
    {
      flags: ["RW", "access", "insert"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
    {
      flags: ["RO", "access"],
      beginSearch: { index: 2 },
      findKeys: { lastKey: -1, keyStep: 1, limit: 0 },
    },
  ],
  since: "2.8.9",
  summary: "Merges one or more HyperLogLog values into a single key.",
  complexity: "O(N) to merge N HyperLogLogs, but with high constant times.",
  parse: (args) => ({ destination: args.key(), sources: args.rest() }),
  run: (ctx, { destination, sources }) => {
    const max = new Uint8Array(HLL_REGISTERS);
    let useDense = false;
    let target: HyperLogLog | undefined;
    for (const [position, key] of [destination, ...sources].entries()) {
      const stored = readHyperLogLog(ctx.db, key);
      if (stored === undefined) {
        continue;
      }
      const hll = HyperLogLog.fromString(stored);
      if (hll.encoding === HLL_DENSE) {
        useDense = true;
      }
      if (!mergeInto(max, hll)) {
        throw new ReplyError(ERR.HLL_CORRUPTED);
      }
      if (position === 0) {
        target = hll;
      }
    }
    const isNew = target === undefined;
    const hll = target ?? HyperLogLog.create();
    if (useDense && !sparseToDense(hll)) {
      throw new ReplyError(ERR.HLL_CORRUPTED);
    }
    const limit = maxSparseBytes(ctx.server.config);
    for (let index = 0; index < HLL_REGISTERS; index++) {
      const count = max[index] ?? 0;
      if (count !== 0) {
        raiseRegister(hll, { index, count }, limit);
      }
    }
    hll.invalidateCache();
    ctx.db.set(destination, hll.toString(), !isNew);
    // Redis signals a PFADD: a merge is a mass add.
    ctx.modified(destination, "pfadd", "$");
    return reply.ok();
  },
});
