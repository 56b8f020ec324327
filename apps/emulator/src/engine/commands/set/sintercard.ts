import { ERR, ReplyError } from "../../errors.ts";
import { parseIntegerArg } from "../../numbers.ts";
import { reply } from "../../reply.ts";
import { intersectionOf, lookupSets } from "../../values/set.ts";
import type { Args } from "../args.ts";
import { defineCommand } from "../define.ts";

/** `numkeys key… [LIMIT limit]`, checked before any key is read. */
function parseSintercard(args: Args): { keys: string[]; limit: number } {
  const numkeys = parseIntegerArg(args.string());
  if (numkeys === undefined || Number(numkeys) < 1) {
    throw new ReplyError(ERR.NUMKEYS_NOT_POSITIVE);
  }
  if (Number(numkeys) > args.remaining) {
    throw new ReplyError(ERR.NUMKEYS_TOO_MANY);
  }
  const keys = args.take(Number(numkeys));
  let limit = 0;
  while (args.hasMore()) {
    if (args.token() !== "LIMIT" || !args.hasMore()) {
      throw new ReplyError(ERR.SYNTAX);
    }
    const parsed = parseIntegerArg(args.string());
    if (parsed === undefined || Number(parsed) < 0) {
      throw new ReplyError(ERR.LIMIT_NEGATIVE);
    }
    limit = Number(parsed);
  }
  return { keys, limit };
}

/**
 * SINTERCARD numkeys key [key ...] [LIMIT limit]: the size of the intersection, counting stops at
 * `limit` (0 = no limit).
 * @see https://redis.io/commands/sintercard
 */
export const sintercard = defineCommand({
  name: "SINTERCARD",
  group: "set",
  arity: -3,
  flags: ["readonly"],
  categories: ["set"],
  movableKeys: (argv) => {
    const numkeys = Number(parseIntegerArg(argv[1] ?? "") ?? 0);
    const positions: number[] = [];
    for (let index = 2; index < 2 + numkeys && index < argv.length; index++) {
      positions.push(index);
    }
    return positions;
  },
  keySpecs: [
    {
      flags: ["RO", "access"],
      beginSearch: { index: 1 },
      findKeys: { keyNumIndex: 0, firstKey: 1, keyStep: 1 },
    },
  ],
  since: "7.0.0",
  summary: "Returns the number of members of the intersect of multiple sets.",
  complexity:
    "O(N*M) worst case where N is the cardinality of the smallest set and M is the number of sets.",
  parse: parseSintercard,
  run: (ctx, { keys, limit }) => {
    let cardinality = 0;
    for (const _member of intersectionOf(lookupSets(ctx.db, keys))) {
      cardinality++;
      if (limit > 0 && cardinality >= limit) {
        break;
      }
    }
    return reply.integer(cardinality);
  },
});
