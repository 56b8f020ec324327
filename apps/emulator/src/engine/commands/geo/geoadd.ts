import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { encodeGeoScore } from "../../values/geo.ts";
import { SortedSet, sortedSetLimits } from "../../values/sorted-set.ts";
import type { Args } from "../args.ts";
import { defineCommand } from "../define.ts";
import { parseLongLat } from "./_radius-search.ts";

interface GeoaddOptions {
  readonly key: string;
  readonly isNx: boolean;
  readonly isXx: boolean;
  readonly isCh: boolean;
  /** Each member with its geohash score. */
  readonly items: readonly { readonly member: string; readonly score: number }[];
}

/**
 * Options come first, in any order and repeatable; then triplets. Every coordinate is checked
 * before anything is written, so a bad pair changes nothing (Redis validates while building the
 * ZADD it delegates to).
 */
function parseGeoadd(args: Args): GeoaddOptions {
  const key = args.key();
  let isNx = false;
  let isXx = false;
  let isCh = false;
  for (let token = args.peekToken(); token !== undefined; token = args.peekToken()) {
    if (token === "NX") {
      isNx = true;
    } else if (token === "XX") {
      isXx = true;
    } else if (token === "CH") {
      isCh = true;
    } else {
      break;
    }
    args.string();
  }
  // No triplet at all is ZADD's syntax error.
  if (args.remaining % 3 !== 0 || args.remaining === 0 || (isNx && isXx)) {
    throw new ReplyError(ERR.SYNTAX);
  }
  const items: { member: string; score: number }[] = [];
  while (args.hasMore()) {
    const [longitude = "", latitude = "", member = ""] = args.take(3);
    const position = parseLongLat(longitude, latitude);
    items.push({ member, score: encodeGeoScore(position.longitude, position.latitude) });
  }
  return { key, isNx, isXx, isCh, items };
}

/**
 * GEOADD key [NX | XX] [CH] longitude latitude member [longitude latitude member ...]: adds
 * members to the sorted set with their 52-bit geohash as score (ZADD's rules, as Redis runs ZADD).
 * @see https://redis.io/commands/geoadd
 */
export const geoadd = defineCommand({
  name: "GEOADD",
  group: "geo",
  arity: -5,
  flags: ["write", "denyoom"],
  categories: ["geo"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RW", "update"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "3.2.0",
  summary:
    "Adds one or more members to a geospatial index. The key is created if it doesn't exist.",
  complexity: "O(log(N)) for each item added, where N is the number of elements in the sorted set.",
  parse: parseGeoadd,
  run: (ctx, { key, isNx, isXx, isCh, items }) => {
    const limits = sortedSetLimits(ctx.server.config);
    let set = ctx.db.getContainer(key, "zset");
    if (set === undefined) {
      if (isXx) {
        return reply.integer(0);
      }
      let longest = 0;
      for (const { member } of items) {
        longest = Math.max(longest, member.length);
      }
      set = SortedSet.create(limits, { size: items.length, memberLength: longest });
      ctx.db.set(key, set);
    } else {
      set.reserve(items.length, limits);
    }
    let added = 0;
    let updated = 0;
    for (const { member, score } of items) {
      const { outcome } = set.add(member, score, { flags: { nx: isNx, xx: isXx }, limits });
      if (outcome === "added") {
        added++;
      } else if (outcome === "updated") {
        updated++;
      }
    }
    if (added + updated > 0) {
      ctx.modified(key, "zadd", "z");
    }
    return reply.integer(isCh ? added + updated : added);
  },
});
