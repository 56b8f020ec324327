import { reply } from "../../reply.ts";
import { standardGeohash } from "../../values/geo.ts";
import { defineCommand } from "../define.ts";

/**
 * GEOHASH key [member ...]: each member's position as an 11-character standard geohash, nil for
 * missing members.
 * @see https://redis.io/commands/geohash
 */
export const geohash = defineCommand({
  name: "GEOHASH",
  group: "geo",
  arity: -2,
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
  summary: "Returns members from a geospatial index as geohash strings.",
  complexity: "O(1) for each member requested.",
  parse: (args) => ({ key: args.key(), members: args.rest() }),
  run: ({ db }, { key, members }) => {
    const set = db.getContainer(key, "zset");
    return reply.bulksOrNull(
      members.map((member) => {
        const score = set?.score(member);
        return score === undefined ? undefined : standardGeohash(score);
      }),
    );
  },
});
