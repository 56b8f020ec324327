import { ERR, ReplyError } from "../../errors.ts";
import { type Reply, reply } from "../../reply.ts";
import {
  cachedCardinality,
  countHyperLogLog,
  countRegisters,
  HLL_REGISTERS,
  HyperLogLog,
  mergeInto,
  readHyperLogLog,
} from "../../values/hyperloglog.ts";
import type { CommandContext } from "../context.ts";
import { defineCommand } from "../define.ts";

/** A uint64 cardinality as `addReplyLongLong` sends it (a signed 64-bit integer). */
function cardinalityReply(cardinality: number | bigint): Reply {
  if (typeof cardinality === "number") {
    return reply.integer(cardinality);
  }
  return reply.integer(BigInt.asIntN(64, cardinality));
}

/**
 * One key: the cached cardinality, or a fresh count written back into the header. Redis signals
 * that write like a modification and propagates the PFCOUNT.
 */
function countOne(ctx: CommandContext, key: string): Reply {
  const stored = readHyperLogLog(ctx.db, key);
  if (stored === undefined) {
    return reply.integer(0);
  }
  const cached = cachedCardinality(stored);
  if (cached !== undefined) {
    return cardinalityReply(cached);
  }
  const hll = HyperLogLog.fromString(stored);
  const cardinality = countHyperLogLog(hll);
  if (cardinality === undefined) {
    throw new ReplyError(ERR.HLL_CORRUPTED);
  }
  hll.setCachedCardinality(cardinality);
  ctx.db.set(key, hll.toString(), true);
  // Emulator difference: Redis also invalidates WATCH on the key here (signalModifiedKey without a
  // keyspace event); the context offers no such call, so only the write is recorded.
  ctx.server.stats.dirty++;
  ctx.propagate(ctx.argv);
  return cardinalityReply(cardinality);
}

/**
 * PFCOUNT key [key ...]: the approximated cardinality of one HyperLogLog, or of the union of
 * several (computed on merged registers, nothing cached).
 * @see https://redis.io/commands/pfcount
 */
export const pfcount = defineCommand({
  name: "PFCOUNT",
  group: "hyperloglog",
  arity: -2,
  flags: ["readonly"],
  categories: ["hyperloglog"],
  keys: { first: 1, last: -1, step: 1 },
  keySpecs: [
    {
      notes:
        "RW because it may change the internal representation of the key, and propagate to replicas",
      flags: ["RW", "access"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: -1, keyStep: 1, limit: 0 },
    },
  ],
  since: "2.8.9",
  summary: "Returns the approximated cardinality of the set(s) observed by the HyperLogLog key(s).",
  complexity:
    "O(1) with a very small average constant time when called with a single key. O(N) with N being the number of keys, and much bigger constant times, when called with multiple keys.",
  parse: (args) => ({ keys: args.rest() }),
  run: (ctx, { keys }) => {
    const [first] = keys;
    if (keys.length === 1 && first !== undefined) {
      return countOne(ctx, first);
    }
    const max = new Uint8Array(HLL_REGISTERS);
    for (const key of keys) {
      const stored = readHyperLogLog(ctx.db, key);
      if (stored !== undefined && !mergeInto(max, HyperLogLog.fromString(stored))) {
        throw new ReplyError(ERR.HLL_CORRUPTED);
      }
    }
    return cardinalityReply(countRegisters(max));
  },
});
