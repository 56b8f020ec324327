import { reply } from "../../reply.ts";
import { maxBulkLength, parseBitfieldOps } from "../../values/string.ts";
import { defineCommand } from "../define.ts";
import { runBitfield } from "./_bitfield-run.ts";

/**
 * BITFIELD_RO key [GET encoding offset ...]: BITFIELD limited to GET, so it may run on read-only
 * connections and replicas.
 * @see https://redis.io/commands/bitfield_ro
 */
export const bitfieldRo = defineCommand({
  name: "BITFIELD_RO",
  group: "bitmap",
  arity: -2,
  flags: ["readonly", "fast"],
  categories: ["bitmap"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RO", "access"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "6.0.0",
  summary: "Performs arbitrary read-only bitfield integer operations on strings.",
  complexity: "O(1) for each subcommand specified",
  parse: (args) => ({ key: args.key(), rest: args.rest() }),
  run: (ctx, { key }) => {
    const ops = parseBitfieldOps(ctx.argv, 2, maxBulkLength(ctx.server.config));
    return reply.array(runBitfield(ctx, { key, ops, isReadOnly: true }));
  },
});
