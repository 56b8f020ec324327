import { asciiUpper } from "../../bytes.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { globMatch } from "../../glob.ts";
import { parseIntegerArg } from "../../numbers.ts";
import { type Reply, reply } from "../../reply.ts";
import { formatScore, formatScoreG17 } from "../../values/sorted-set.ts";
import { defineCommand } from "../define.ts";
import { lookupSortedSet } from "./_lookup.ts";

const ULLONG_MAX = 2n ** 64n - 1n;

/**
 * `parseScanCursorOrReply` (`string2ull`): a canonical non-negative integer, or what `strtoull`
 * reads in full (leading spaces, a sign), up to 2^64 − 1.
 */
function parseCursor(text: string): number {
  const canonical = parseIntegerArg(text);
  if (canonical !== undefined) {
    if (canonical < 0) {
      throw new ReplyError(ERR.INVALID_CURSOR);
    }
    return Number(canonical);
  }
  const match = /^[ \t\n\v\f\r]*([+-]?)([0-9]+)$/.exec(text);
  const magnitude = match === null ? undefined : BigInt(match[2] ?? "");
  if (match === null || magnitude === undefined || magnitude > ULLONG_MAX) {
    throw new ReplyError(ERR.INVALID_CURSOR);
  }
  // strtoull negates a "-" value modulo 2^64.
  return Number(match[1] === "-" ? (ULLONG_MAX + 1n - magnitude) % (ULLONG_MAX + 1n) : magnitude);
}

/** `scanGenericCommand`'s options, read after the key was found (a missing key ignores them). */
function parseOptions(options: readonly string[]): { pattern: string | undefined; count: number } {
  let pattern: string | undefined;
  let count = 10;
  for (let i = 0; i < options.length; i++) {
    const option = asciiUpper(options[i] ?? "");
    const value = options[i + 1];
    if (option === "COUNT" && value !== undefined) {
      const parsed = parseIntegerArg(value);
      if (parsed === undefined) {
        throw new ReplyError(ERR.NOT_INTEGER);
      }
      if (parsed < 1) {
        throw new ReplyError(ERR.SYNTAX);
      }
      count = Number(parsed);
      i++;
    } else if (option === "MATCH" && value !== undefined) {
      pattern = value === "*" ? undefined : value;
      i++;
    } else if (option === "NOVALUES") {
      throw new ReplyError(ERR.NOVALUES_NOT_HSCAN);
    } else {
      throw new ReplyError(ERR.SYNTAX);
    }
  }
  return { pattern, count };
}

/**
 * ZSCAN key cursor [MATCH pattern] [COUNT count]: one page of `[cursor, [member, score, …]]`.
 * A listpack-encoded set comes whole with cursor 0; a larger one is walked by position from the
 * top down (see `SortedSet.scan`), so every member present for the whole scan is returned at
 * least once. Scores print as Redis's scan does: shortest form from a listpack, `%.17g` from the
 * skiplist.
 * @see https://redis.io/commands/zscan
 */
export const zscan = defineCommand({
  name: "ZSCAN",
  group: "sorted-set",
  arity: -3,
  flags: ["readonly"],
  categories: ["sortedset"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RO", "access"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "2.8.0",
  summary: "Iterates over members and scores of a sorted set.",
  complexity:
    "O(1) for every call. O(N) for a complete iteration, including enough command calls for the cursor to return back to 0. N is the number of elements inside the collection.",
  parse: (args) => ({ key: args.key(), cursor: parseCursor(args.string()), options: args.rest() }),
  run: (ctx, { key, cursor, options }): Reply => {
    const set = lookupSortedSet(ctx, key);
    if (set === undefined) {
      return reply.array([reply.bulk("0"), reply.array([])]);
    }
    const { pattern, count } = parseOptions(options);
    const format = set.encoding() === "listpack" ? formatScore : formatScoreG17;
    const page = set.scan(cursor, count);
    const items: Reply[] = [];
    for (const [member, score] of page.entries) {
      if (pattern === undefined || globMatch(pattern, member)) {
        items.push(reply.bulk(member), reply.bulk(format(score)));
      }
    }
    return reply.array([reply.bulk(String(page.cursor)), reply.array(items)]);
  },
});
