import { ERR, ReplyError } from "../../errors.ts";
import { parseIntegerArg } from "../../numbers.ts";
import { type Reply, reply } from "../../reply.ts";
import type { Args } from "../args.ts";
import { defineCommand } from "../define.ts";
import { lookupList } from "./_list-operations.ts";

const LONG_MAX = 9223372036854775807n;

interface LposOptions {
  readonly key: string;
  readonly element: string;
  /** 1-based match to start from; negative searches from the tail. */
  readonly rank: number;
  /** How many matches to return (0: all); undefined without COUNT, which answers one integer. */
  readonly count: number | undefined;
  /** How many elements to compare at most (0: all). */
  readonly maxlen: number;
}

/** `getPositiveLongFromObjectOrReply` with a message: non-integers and negatives say `error`. */
function nonNegative(text: string, error: string): number {
  const value = parseIntegerArg(text);
  if (value === undefined || value < 0) {
    throw new ReplyError(error);
  }
  return Number(value);
}

/** Options may repeat (the last wins); each needs its value. */
function parseLpos(args: Args): LposOptions {
  const key = args.key();
  const element = args.string();
  let rank = 1;
  let count: number | undefined;
  let maxlen = 0;
  while (args.hasMore()) {
    const option = args.token();
    if (!args.hasMore()) {
      throw new ReplyError(ERR.SYNTAX);
    }
    if (option === "RANK") {
      const value = args.bigInteger();
      // getRangeLongFromObjectOrReply(-LONG_MAX, LONG_MAX): LONG_MIN cannot be negated.
      if (BigInt(value) < -LONG_MAX) {
        throw new ReplyError(ERR.VALUE_NOT_BETWEEN(`-${LONG_MAX}`, `${LONG_MAX}`));
      }
      if (value === 0) {
        throw new ReplyError(ERR.LPOS_RANK_ZERO);
      }
      rank = Number(value);
    } else if (option === "COUNT") {
      count = nonNegative(args.string(), ERR.COUNT_NEGATIVE);
    } else if (option === "MAXLEN") {
      maxlen = nonNegative(args.string(), ERR.MAXLEN_NEGATIVE);
    } else {
      throw new ReplyError(ERR.SYNTAX);
    }
  }
  return { key, element, rank, count, maxlen };
}

/**
 * LPOS key element [RANK rank] [COUNT num-matches] [MAXLEN len]: the index of the `rank`-th match
 * (from the tail when negative), or with COUNT an array of up to that many indexes; MAXLEN bounds
 * how many elements are compared. Indexes are always counted from the head.
 * @see https://redis.io/commands/lpos
 */
export const lpos = defineCommand({
  name: "LPOS",
  group: "list",
  arity: -3,
  flags: ["readonly"],
  categories: ["list"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RO", "access"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "6.0.6",
  summary: "Returns the index of matching elements in a list.",
  complexity:
    "O(N) where N is the number of elements in the list, for the average case. When searching for elements near the head or the tail of the list, or when the MAXLEN option is provided, the command may run in constant time.",
  parse: parseLpos,
  run: (ctx, { key, element, rank, count, maxlen }): Reply => {
    const list = lookupList(ctx, key);
    if (list === undefined) {
      return count === undefined ? reply.null() : reply.array([]);
    }
    const fromTail = rank < 0;
    const skip = Math.abs(rank);
    const length = list.length;
    const limit = maxlen === 0 ? length : Math.min(maxlen, length);
    const found: number[] = [];
    let matches = 0;
    for (let scanned = 0; scanned < limit; scanned++) {
      const index = fromTail ? length - 1 - scanned : scanned;
      if (list.at(index) !== element) {
        continue;
      }
      matches++;
      if (matches < skip) {
        continue;
      }
      found.push(index);
      if (count === undefined || (count !== 0 && found.length >= count)) {
        break;
      }
    }
    if (count !== undefined) {
      return reply.integers(found);
    }
    return found[0] === undefined ? reply.null() : reply.integer(found[0]);
  },
});
