import { reply } from "../../reply.ts";
import { maxBulkLength, parseBitfieldOps } from "../../values/string.ts";
import { defineCommand } from "../define.ts";
import { runBitfield } from "./_bitfield-run.ts";

/**
 * BITFIELD key [GET encoding offset | [OVERFLOW WRAP | SAT | FAIL] SET encoding offset value |
 * INCRBY encoding offset increment ...]: reads and writes signed (`i1`–`i64`) and unsigned
 * (`u1`–`u63`) integers at bit offsets (`#n` is the n-th field of that width); one reply per
 * GET, SET (the old value) and INCRBY (the new value, nil when OVERFLOW FAIL refused it).
 * @see https://redis.io/commands/bitfield
 */
export const bitfield = defineCommand({
  name: "BITFIELD",
  group: "bitmap",
  arity: -2,
  flags: ["write", "denyoom"],
  categories: ["bitmap"],
  keys: { first: 1, last: 1, step: 1 },
  since: "3.2.0",
  summary: "Performs arbitrary bitfield integer operations on strings.",
  complexity: "O(1) for each subcommand specified",
  parse: (args) => ({ key: args.key(), rest: args.rest() }),
  run: (ctx, { key }) => {
    const ops = parseBitfieldOps(ctx.argv, 2, maxBulkLength(ctx.server.config));
    return reply.array(runBitfield(ctx, { key, ops, isReadOnly: false }));
  },
});
