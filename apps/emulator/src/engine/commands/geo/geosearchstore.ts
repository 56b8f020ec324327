import { defineCommand } from "../define.ts";
import { parseSearch, runSearch } from "./_radius-search.ts";

/**
 * GEOSEARCHSTORE destination source <FROMMEMBER member | FROMLONLAT longitude latitude>
 * <BYRADIUS radius <M | KM | FT | MI> | BYBOX width height <M | KM | FT | MI>> [ASC | DESC]
 * [COUNT count [ANY]] [STOREDIST]: GEOSEARCH into a sorted set at `destination`; the count stored.
 * @see https://redis.io/commands/geosearchstore
 */
export const geosearchstore = defineCommand({
  name: "GEOSEARCHSTORE",
  group: "geo",
  arity: -8,
  flags: ["write", "denyoom"],
  categories: ["geo"],
  keys: { first: 1, last: 2, step: 1 },
  keySpecs: [
    {
      flags: ["OW", "update"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
    {
      flags: ["RO", "access"],
      beginSearch: { index: 2 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "6.2.0",
  summary:
    "Queries a geospatial index for members inside an area of a box or a circle, optionally stores the result.",
  complexity:
    "O(N+log(M)) where N is the number of elements in the grid-aligned bounding box area around the shape provided as the filter and M is the number of items inside the shape",
  parse: (args) => parseSearch("GEOSEARCHSTORE", args),
  run: runSearch,
});
