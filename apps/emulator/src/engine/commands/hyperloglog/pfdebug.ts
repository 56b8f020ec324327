import { asciiUpper } from "../../bytes.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { type Reply, reply } from "../../reply.ts";
import {
  denseRegister,
  describeSparse,
  HLL_REGISTERS,
  HLL_SPARSE,
  HyperLogLog,
  readHyperLogLog,
  sparseToDense,
} from "../../values/hyperloglog.ts";
import type { CommandContext } from "../context.ts";
import { defineCommand } from "../define.ts";

/**
 * Converts a sparse HLL to dense in the keyspace; true if it converted. Redis counts the change
 * (`server.dirty++`) so the command propagates, but signals nothing.
 */
function toDense(ctx: CommandContext, key: string, hll: HyperLogLog): boolean {
  if (hll.encoding !== HLL_SPARSE) {
    return false;
  }
  if (!sparseToDense(hll)) {
    throw new ReplyError(ERR.HLL_CORRUPTED);
  }
  ctx.db.set(key, hll.toString(), true);
  ctx.server.stats.dirty++;
  ctx.propagate(ctx.argv);
  return true;
}

/** PFDEBUG SIMD ON|OFF (Redis 8): toggles the AVX2 paths, which the emulator does not have. */
function simd(argument: string): Reply {
  switch (asciiUpper(argument)) {
    case "ON":
      return reply.simple("enabled");
    case "OFF":
      return reply.simple("disabled");
    default:
      throw new ReplyError(ERR.PFDEBUG_SIMD_ARGUMENT);
  }
}

/**
 * PFDEBUG <GETREG | DECODE | ENCODING | TODENSE> key, PFDEBUG SIMD <ON | OFF>: HyperLogLog
 * internals — the 16384 registers (converting to dense), the sparse opcodes, the encoding, or a
 * forced conversion to dense. The subcommand is only looked at once the key was found valid.
 * @see https://redis.io/commands/pfdebug
 */
export const pfdebug = defineCommand({
  name: "PFDEBUG",
  group: "hyperloglog",
  arity: 3,
  flags: ["write", "denyoom", "admin"],
  categories: ["hyperloglog"],
  keys: { first: 2, last: 2, step: 1 },
  keySpecs: [
    {
      flags: ["RW", "access"],
      beginSearch: { index: 2 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "2.8.9",
  summary: "Internal commands for debugging HyperLogLog values.",
  complexity: "N/A",
  parse: (args) => ({ subcommand: args.string(), key: args.key() }),
  run: (ctx, { subcommand, key }) => {
    const name = asciiUpper(subcommand);
    if (name === "SIMD") {
      return simd(key);
    }
    const stored = readHyperLogLog(ctx.db, key);
    if (stored === undefined) {
      throw new ReplyError(ERR.PFDEBUG_NO_KEY);
    }
    const hll = HyperLogLog.fromString(stored);
    switch (name) {
      case "GETREG": {
        toDense(ctx, key, hll);
        const registers: Reply[] = [];
        for (let index = 0; index < HLL_REGISTERS; index++) {
          registers.push(reply.integer(denseRegister(hll, index)));
        }
        return reply.array(registers);
      }
      case "DECODE":
        if (hll.encoding !== HLL_SPARSE) {
          throw new ReplyError(ERR.PFDEBUG_NOT_SPARSE);
        }
        return reply.bulk(describeSparse(hll));
      case "ENCODING":
        return reply.simple(hll.encoding === HLL_SPARSE ? "sparse" : "dense");
      case "TODENSE":
        return reply.integer(toDense(ctx, key, hll) ? 1 : 0);
      default:
        throw new ReplyError(ERR.PFDEBUG_UNKNOWN_SUBCOMMAND(subcommand));
    }
  },
});
