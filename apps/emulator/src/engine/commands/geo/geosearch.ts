import { defineCommand } from "../define.ts";
import { parseSearch, runSearch } from "./_radius-search.ts";

/**
 * GEOSEARCH key <FROMMEMBER member | FROMLONLAT longitude latitude> <BYRADIUS radius
 * <M | KM | FT | MI> | BYBOX width height <M | KM | FT | MI>> [ASC | DESC] [COUNT count [ANY]]
 * [WITHCOORD] [WITHDIST] [WITHHASH]: members inside a circle or an axis-aligned box.
 * @see https://redis.io/commands/geosearch
 */
export const geosearch = defineCommand({
  name: "GEOSEARCH",
  group: "geo",
  arity: -7,
  resp3: "geo-search",
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
  since: "6.2.0",
  summary: "Queries a geospatial index for members inside an area of a box or a circle.",
  complexity:
    "O(N+log(M)) where N is the number of elements in the grid-aligned bounding box area around the shape provided as the filter and M is the number of items inside the shape",
  parse: (args) => parseSearch("GEOSEARCH", args),
  run: runSearch,
});
