import { asciiUpper } from "../../bytes.ts";
import { reply } from "../../reply.ts";
import { maxBulkLength, parseBitfieldOps } from "../../values/string.ts";
import { defineCommand, type KeyReference } from "../define.ts";
import { runBitfield } from "./_bitfield-run.ts";

/**
 * BITFIELD key [GET encoding offset | [OVERFLOW WRAP | SAT | FAIL] SET encoding offset value |
 * INCRBY encoding offset increment ...]: reads and writes signed (`i1`–`i64`) and unsigned
 * (`u1`–`u63`) integers at bit offsets (`#n` is the n-th field of that width); one reply per
 * GET, SET (the old value) and INCRBY (the new value, nil when OVERFLOW FAIL refused it).
 * @see https://redis.io/commands/bitfield
 */
/**
 * bitfieldGetKeys: read-only (`RO access`) when every operation is a GET (OVERFLOW aside), else
 * `RW access update`; a malformed line counts as a write.
 */
function bitfieldKeysWithFlags(argv: readonly string[]): KeyReference[] {
  let isReadOnly = true;
  for (let index = 2; index < argv.length; index++) {
    const remaining = argv.length - index - 1;
    const operation = asciiUpper(argv[index] ?? "");
    if (operation === "GET" && remaining >= 2) {
      index += 2;
    } else if ((operation === "SET" || operation === "INCRBY") && remaining >= 3) {
      isReadOnly = false;
      break;
    } else if (operation === "OVERFLOW" && remaining >= 1) {
      index += 1;
    } else {
      isReadOnly = false;
      break;
    }
  }
  return [{ position: 1, flags: isReadOnly ? ["RO", "access"] : ["RW", "access", "update"] }];
}

export const bitfield = defineCommand({
  name: "BITFIELD",
  group: "bitmap",
  arity: -2,
  flags: ["write", "denyoom"],
  categories: ["bitmap"],
  keys: { first: 1, last: 1, step: 1 },
  keysWithFlags: bitfieldKeysWithFlags,
  keySpecs: [
    {
      notes: "This command allows both access and modification of the key",
      flags: ["RW", "access", "update", "variable_flags"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "3.2.0",
  summary: "Performs arbitrary bitfield integer operations on strings.",
  complexity: "O(1) for each subcommand specified",
  parse: (args) => ({ key: args.key(), rest: args.rest() }),
  run: (ctx, { key }) => {
    const ops = parseBitfieldOps(ctx.argv, 2, maxBulkLength(ctx.server.config));
    return reply.array(runBitfield(ctx, { key, ops, isReadOnly: false }));
  },
});
