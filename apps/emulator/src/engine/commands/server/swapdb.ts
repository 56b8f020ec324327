import { ERR, ReplyError } from "../../errors.ts";
import { parseIntegerArg } from "../../numbers.ts";
import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

const INT_MIN = -2_147_483_648;
const INT_MAX = 2_147_483_647;

/** `getIntFromObjectOrReply` with SWAPDB's own message for anything that is not a 32-bit integer. */
function parseIndex(text: string, error: string): number {
  const value = parseIntegerArg(text);
  if (value === undefined || value < INT_MIN || value > INT_MAX) {
    throw new ReplyError(error);
  }
  return Number(value);
}

/**
 * SWAPDB index1 index2: swaps the contents of two databases; clients see the other data at once.
 * @see https://redis.io/commands/swapdb
 */
export const swapdb = defineCommand({
  name: "SWAPDB",
  group: "server",
  arity: 3,
  flags: ["write", "fast"],
  categories: ["keyspace", "dangerous"],
  since: "4.0.0",
  summary: "Swaps two Redis databases.",
  complexity:
    "O(N) where N is the count of clients watching or blocking on keys from both databases.",
  parse: (args) => ({
    first: parseIndex(args.string(), ERR.INVALID_FIRST_DB_INDEX),
    second: parseIndex(args.string(), ERR.INVALID_SECOND_DB_INDEX),
  }),
  run: (ctx, { first, second }) => {
    const count = ctx.server.databases.length;
    if (first < 0 || first >= count || second < 0 || second >= count) {
      throw new ReplyError(ERR.DB_INDEX_OUT_OF_RANGE);
    }
    ctx.server.swapDatabases(first, second);
    return reply.ok();
  },
});
