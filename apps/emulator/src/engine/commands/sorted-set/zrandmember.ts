import { ERR, ReplyError } from "../../errors.ts";
import { type Reply, reply } from "../../reply.ts";
import type { SortedSet } from "../../values/sorted-set.ts";
import type { Args } from "../args.ts";
import { defineCommand } from "../define.ts";
import { entriesReply, lookupSortedSet } from "./_lookup.ts";

const LONG_MAX = 9223372036854775807n;

/** `zrandmemberCommand`'s parsing: the count's range first, then WITHSCORES and its bound. */
function parseZrandmember(args: Args): {
  key: string;
  count: number | undefined;
  withScores: boolean;
} {
  const key = args.key();
  if (!args.hasMore()) {
    return { key, count: undefined, withScores: false };
  }
  const count = args.bigInteger();
  if (BigInt(count) < -LONG_MAX) {
    throw new ReplyError(ERR.VALUE_NOT_BETWEEN(`-${LONG_MAX}`, `${LONG_MAX}`));
  }
  let withScores = false;
  if (args.hasMore()) {
    if (args.remaining > 1 || args.token() !== "WITHSCORES") {
      throw new ReplyError(ERR.SYNTAX);
    }
    withScores = true;
  }
  // With scores the reply doubles, so Redis bounds the count to half the range.
  if (withScores && (BigInt(count) < -LONG_MAX / 2n || BigInt(count) > LONG_MAX / 2n)) {
    throw new ReplyError(ERR.VALUE_OUT_OF_RANGE);
  }
  return { key, count: Number(count), withScores };
}

/**
 * `zrandmemberWithCountCommand`: repeats allowed for a negative count; the whole set (highest
 * first, as Redis iterates it) when the count covers it; otherwise distinct random members — in
 * score order for a listpack-encoded set (selection sampling, like `lpRandomPairsUnique`), in
 * random order for a larger one.
 */
function randomEntries(set: SortedSet, request: { count: number; random: () => number }) {
  const { count, random } = request;
  const size = set.size;
  const entries: [string, number][] = [];
  if (count < 0 || count === 1) {
    for (let i = 0; i < Math.abs(count); i++) {
      entries.push(set.random(random));
    }
    return entries;
  }
  if (count >= size) {
    set.forEachInRank({ start: 0, end: size - 1, isReverse: true }, (member, score) => {
      entries.push([member, score]);
    });
    return entries;
  }
  if (set.encoding() === "listpack") {
    let needed = count;
    let left = size;
    for (const entry of set.entries()) {
      if (random() * left < needed) {
        entries.push(entry);
        needed--;
      }
      left--;
    }
    return entries;
  }
  const picked = new Set<string>();
  while (entries.length < count) {
    const entry = set.random(random);
    if (!picked.has(entry[0])) {
      picked.add(entry[0]);
      entries.push(entry);
    }
  }
  return entries;
}

/**
 * ZRANDMEMBER key [count [WITHSCORES]]: a random member, or `count` distinct ones (a negative count
 * allows repeats and returns exactly |count|), with scores on request.
 * @see https://redis.io/commands/zrandmember
 */
export const zrandmember = defineCommand({
  name: "ZRANDMEMBER",
  group: "sorted-set",
  arity: -2,
  resp3: "scored",
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
  since: "6.2.0",
  summary: "Returns one or more random members from a sorted set.",
  complexity: "O(N) where N is the number of members returned",
  parse: parseZrandmember,
  run: (ctx, { key, count, withScores }): Reply => {
    const set = lookupSortedSet(ctx, key);
    if (count === undefined) {
      return set === undefined
        ? reply.null()
        : reply.bulk(set.random(() => ctx.server.random())[0]);
    }
    if (set === undefined || count === 0) {
      return reply.array([]);
    }
    return entriesReply(
      randomEntries(set, { count, random: () => ctx.server.random() }),
      withScores,
    );
  },
});
