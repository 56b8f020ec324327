import { reply } from "../../reply.ts";
import { decodeGeoScore, formatCoordinate } from "../../values/geo.ts";
import { defineCommand } from "../define.ts";

/**
 * GEOPOS key [member ...]: each member's [longitude, latitude] (the centre of its geohash cell),
 * a null array for missing members.
 * @see https://redis.io/commands/geopos
 */
export const geopos = defineCommand({
  name: "GEOPOS",
  group: "geo",
  arity: -2,
  resp3: "positions",
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
  summary: "Returns the longitude and latitude of members from a geospatial index.",
  complexity: "O(1) for each member requested.",
  parse: (args) => ({ key: args.key(), members: args.rest() }),
  run: ({ db }, { key, members }) => {
    const set = db.getContainer(key, "zset");
    return reply.array(
      members.map((member) => {
        const score = set?.score(member);
        if (score === undefined) {
          return reply.nullArray();
        }
        const { longitude, latitude } = decodeGeoScore(score);
        return reply.bulks([formatCoordinate(longitude), formatCoordinate(latitude)]);
      }),
    );
  },
});
