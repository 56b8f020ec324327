import { ERR, ReplyError } from "../../errors.ts";
import { parseIntegerArg } from "../../numbers.ts";
import { reply } from "../../reply.ts";
import { extendedExpireAtMs, parseExtendedStringArgs, STRING_FLAG } from "../../values/string.ts";
import { defineCommand } from "../define.ts";

const INT_MAX = 2 ** 31 - 1;

/** `numkeys` when valid (1 to INT_MAX), as getRangeLongFromObjectOrReply checks it. */
function parseNumkeys(text: string | undefined): number | undefined {
  const count = parseIntegerArg(text ?? "");
  return typeof count === "number" && count >= 1 && count <= INT_MAX ? count : undefined;
}

/**
 * MSETEX numkeys key value [key value ...] [NX | XX] [EX seconds | PX milliseconds |
 * EXAT unix-time-seconds | PXAT unix-time-milliseconds | KEEPTTL]: sets every key with one shared
 * expiry; 1 if set, 0 when NX or XX failed for any key (then nothing is set).
 * @see https://redis.io/commands/msetex
 */
export const msetex = defineCommand({
  name: "MSETEX",
  group: "string",
  arity: -4,
  flags: ["write", "denyoom"],
  categories: ["string"],
  // The keys follow `numkeys`, so COMMAND INFO shows no fixed range (a keynum key spec).
  movableKeys: (argv) => {
    const count = parseNumkeys(argv[1]);
    const positions: number[] = [];
    for (
      let index = 2;
      count !== undefined && index < 2 + 2 * count && index < argv.length;
      index += 2
    ) {
      positions.push(index);
    }
    return positions;
  },
  since: "8.4.0",
  summary:
    "Atomically sets multiple string keys with a shared expiration in a single operation. Supports flexible argument parsing where condition and expiration flags can appear in any order.",
  complexity: "O(N) where N is the number of keys to set.",
  parse: (args) => {
    const count = parseNumkeys(args.string());
    if (count === undefined) {
      throw new ReplyError(ERR.INVALID_NUMKEYS);
    }
    if (2 + 2 * count > args.argv.length) {
      throw new ReplyError(ERR.KEY_VALUE_PAIRS);
    }
    const pairs = args.take(2 * count);
    const options = parseExtendedStringArgs(args.argv, 2 + 2 * count, "msetex");
    args.rest();
    return { pairs, options };
  },
  run: (ctx, { pairs, options }) => {
    const { db } = ctx;
    const { flags } = options;
    const expiresAt = extendedExpireAtMs(options, ctx.now, "msetex");
    if (flags & (STRING_FLAG.NX | STRING_FLAG.XX)) {
      for (let index = 0; index < pairs.length; index += 2) {
        const exists = db.has(pairs[index] ?? "");
        if (exists === ((flags & STRING_FLAG.NX) !== 0)) {
          return reply.integer(0);
        }
      }
    }
    for (let index = 0; index < pairs.length; index += 2) {
      const key = pairs[index] ?? "";
      db.set(key, pairs[index + 1] ?? "", (flags & STRING_FLAG.KEEPTTL) !== 0);
      if (expiresAt !== undefined) {
        db.setExpiresAt(key, expiresAt);
        // msetexCommand notifies `expire` before `set`.
        ctx.notify("expire", key, "g");
      }
      ctx.modified(key, "set", "$");
    }
    if (expiresAt !== undefined && options.relativeExpireIndex !== undefined) {
      // EX/PX become PXAT with the absolute time, so replay does not extend the TTL.
      const effect = [...ctx.argv];
      effect[options.relativeExpireIndex] = "PXAT";
      effect[options.relativeExpireIndex + 1] = String(expiresAt);
      ctx.propagate(effect);
    }
    return reply.integer(1);
  },
});
