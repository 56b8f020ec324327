import { asciiUpper } from "../../bytes.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { parseIntegerArg } from "../../numbers.ts";
import { type Reply, reply } from "../../reply.ts";
import { maxBulkLength } from "../../values/string.ts";
import { defineCommand } from "../define.ts";

interface LcsOptions {
  readonly len: boolean;
  readonly idx: boolean;
  readonly withMatchLen: boolean;
  readonly minMatchLen: number;
}

/** LCS's options, read after the keys' types are checked, as lcsCommand does. */
function parseOptions(options: readonly string[]): LcsOptions {
  let len = false;
  let idx = false;
  let withMatchLen = false;
  let minMatchLen = 0;
  for (let index = 0; index < options.length; index++) {
    const option = asciiUpper(options[index] ?? "");
    if (option === "IDX") {
      idx = true;
    } else if (option === "LEN") {
      len = true;
    } else if (option === "WITHMATCHLEN") {
      withMatchLen = true;
    } else if (option === "MINMATCHLEN" && index + 1 < options.length) {
      index++;
      const value = parseIntegerArg(options[index] ?? "");
      if (value === undefined) {
        throw new ReplyError(ERR.NOT_INTEGER);
      }
      // Only compared with match lengths, so a huge bigint may lose precision.
      minMatchLen = Math.max(Number(value), 0);
    } else {
      throw new ReplyError(ERR.SYNTAX);
    }
  }
  if (len && idx) {
    throw new ReplyError(ERR.LCS_LEN_AND_IDX);
  }
  return { len, idx, withMatchLen, minMatchLen };
}

/**
 * The dynamic-programming table of LCS lengths: cell (i, j) holds the LCS length of `a[0..i)` and
 * `b[0..j)`, as in lcsCommand. Its size is bounded by proto-max-bulk-len.
 */
function lcsTable(a: string, b: string, limit: number): Uint32Array {
  const width = b.length + 1;
  const cells = (a.length + 1) * width;
  if (cells * 4 > limit) {
    throw new ReplyError(ERR.LCS_OVER_LIMIT);
  }
  let table: Uint32Array;
  try {
    table = new Uint32Array(cells);
  } catch {
    throw new ReplyError(ERR.LCS_OUT_OF_MEMORY);
  }
  for (let i = 1; i <= a.length; i++) {
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      table[i * width + j] =
        ai === b.charCodeAt(j - 1)
          ? (table[(i - 1) * width + j - 1] ?? 0) + 1
          : Math.max(table[(i - 1) * width + j] ?? 0, table[i * width + j - 1] ?? 0);
    }
  }
  return table;
}

/**
 * Walks the table back from the end, collecting the LCS and its matching ranges (last match first)
 * exactly as lcsCommand emits them.
 */
function backtrack(
  a: string,
  b: string,
  options: { table: Uint32Array; lcs: LcsOptions },
): { text: string; ranges: Reply[] } {
  const { table } = options;
  const width = b.length + 1;
  const at = (i: number, j: number): number => table[i * width + j] ?? 0;
  let remaining = at(a.length, b.length);
  const text = new Uint8Array(remaining);
  const ranges: Reply[] = [];
  // aStart === a.length means "no range in progress" (Redis's alen sentinel).
  let aStart = a.length;
  let aEnd = 0;
  let bStart = 0;
  let bEnd = 0;
  let i = a.length;
  let j = b.length;
  while (i > 0 && j > 0) {
    let emit = false;
    if (a.charCodeAt(i - 1) === b.charCodeAt(j - 1)) {
      text[remaining - 1] = a.charCodeAt(i - 1);
      if (aStart === a.length) {
        aStart = aEnd = i - 1;
        bStart = bEnd = j - 1;
      } else if (aStart === i && bStart === j) {
        aStart--;
        bStart--;
      } else {
        emit = true;
      }
      if (aStart === 0 || bStart === 0) {
        emit = true;
      }
      remaining--;
      i--;
      j--;
    } else {
      if (at(i - 1, j) > at(i, j - 1)) {
        i--;
      } else {
        j--;
      }
      if (aStart !== a.length) {
        emit = true;
      }
    }
    const matchLength = aEnd - aStart + 1;
    if (emit) {
      if (options.lcs.minMatchLen === 0 || matchLength >= options.lcs.minMatchLen) {
        const range = [
          reply.integers([aStart, aEnd]),
          reply.integers([bStart, bEnd]),
          ...(options.lcs.withMatchLen ? [reply.integer(matchLength)] : []),
        ];
        ranges.push(reply.array(range));
      }
      aStart = a.length;
    }
  }
  return { text: Buffer.from(text).toString("latin1"), ranges };
}

/**
 * LCS key1 key2 [LEN] [IDX] [MINMATCHLEN min-match-len] [WITHMATCHLEN]: the longest common
 * subsequence of two strings (missing keys are empty), its length, or its matching ranges.
 * @see https://redis.io/commands/lcs
 */
export const lcs = defineCommand({
  name: "LCS",
  group: "string",
  arity: -3,
  flags: ["readonly"],
  categories: ["string"],
  keys: { first: 1, last: 2, step: 1 },
  // IDX's `[matches, …, len, n]` is a map; the string and LEN replies are not arrays.
  resp3: "map",
  keySpecs: [
    {
      flags: ["RO", "access"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 1, keyStep: 1, limit: 0 },
    },
  ],
  since: "7.0.0",
  summary: "Finds the longest common substring.",
  complexity: "O(N*M) where N and M are the lengths of s1 and s2, respectively",
  parse: (args) => ({ keyA: args.key(), keyB: args.key(), options: args.rest() }),
  run: (ctx, { keyA, keyB, options }) => {
    const a = ctx.db.get(keyA);
    const b = ctx.db.get(keyB);
    // Not WRONGTYPE: LCS has its own message for non-string keys.
    if ((a !== undefined && typeof a !== "string") || (b !== undefined && typeof b !== "string")) {
      throw new ReplyError(ERR.LCS_NOT_STRINGS);
    }
    const lcsOptions = parseOptions(options);
    const first = a ?? "";
    const second = b ?? "";
    if (first.length >= 2 ** 32 - 2 || second.length >= 2 ** 32 - 2) {
      throw new ReplyError(ERR.LCS_TOO_LONG);
    }
    const table = lcsTable(first, second, maxBulkLength(ctx.server.config));
    const length = table[table.length - 1] ?? 0;
    if (lcsOptions.len) {
      return reply.integer(length);
    }
    const result = backtrack(first, second, { table, lcs: lcsOptions });
    if (!lcsOptions.idx) {
      return reply.bulk(result.text);
    }
    // RESP2 renders the reply map as a flat array.
    return reply.array([
      reply.bulk("matches"),
      reply.array(result.ranges),
      reply.bulk("len"),
      reply.integer(length),
    ]);
  },
});
