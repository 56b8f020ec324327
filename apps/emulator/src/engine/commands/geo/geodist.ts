import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { decodeGeoScore, formatDistance, geoDistance } from "../../values/geo.ts";
import type { Args } from "../args.ts";
import { defineCommand } from "../define.ts";
import { parseUnit } from "./_radius-search.ts";

/** The unit is checked before the key is looked up, as Redis does. */
function parseGeodist(args: Args): { key: string; members: [string, string]; conversion: number } {
  const key = args.key();
  const members: [string, string] = [args.string(), args.string()];
  if (args.remaining > 1) {
    throw new ReplyError(ERR.SYNTAX);
  }
  const conversion = args.hasMore() ? parseUnit(args.string()) : 1;
  return { key, members, conversion };
}

/**
 * GEODIST key member1 member2 [M | KM | FT | MI]: the distance between two members (4 decimals),
 * or nil when either is missing.
 * @see https://redis.io/commands/geodist
 */
export const geodist = defineCommand({
  name: "GEODIST",
  group: "geo",
  arity: -4,
  flags: ["readonly"],
  categories: ["geo"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RO", "access"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "3.2.0",
  summary: "Returns the distance between two members of a geospatial index.",
  complexity: "O(1)",
  parse: parseGeodist,
  run: ({ db }, { key, members, conversion }) => {
    const set = db.getContainer(key, "zset");
    const first = set?.score(members[0]);
    const second = set?.score(members[1]);
    if (first === undefined || second === undefined) {
      return reply.null();
    }
    const distance = geoDistance(decodeGeoScore(first), decodeGeoScore(second));
    return reply.bulk(formatDistance(distance / conversion));
  },
});
