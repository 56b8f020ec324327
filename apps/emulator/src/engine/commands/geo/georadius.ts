import { defineCommand } from "../define.ts";
import { georadiusKeys, parseSearch, runSearch } from "./_radius-search.ts";

/**
 * GEORADIUS key longitude latitude radius <M | KM | FT | MI> [WITHCOORD] [WITHDIST] [WITHHASH]
 * [COUNT count [ANY]] [ASC | DESC] [STORE key | STOREDIST key]: members within the radius of a
 * point (deprecated in favour of GEOSEARCH and GEOSEARCHSTORE).
 * @see https://redis.io/commands/georadius
 */
export const georadius = defineCommand({
  name: "GEORADIUS",
  group: "geo",
  arity: -6,
  resp3: "geo-search",
  flags: ["write", "denyoom"],
  categories: ["geo"],
  keys: { first: 1, last: 1, step: 1 },
  movableKeys: georadiusKeys,
  keySpecs: [
    {
      flags: ["RO", "access"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
    {
      flags: ["OW", "update"],
      beginSearch: { keyword: "STORE", startFrom: 6 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
    {
      flags: ["OW", "update"],
      beginSearch: { keyword: "STOREDIST", startFrom: 6 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "3.2.0",
  summary:
    "Queries a geospatial index for members within a distance from a coordinate, optionally stores the result.",
  complexity:
    "O(N+log(M)) where N is the number of elements inside the bounding box of the circular area delimited by center and radius and M is the number of items inside the index.",
  parse: (args) => parseSearch("GEORADIUS", args),
  run: runSearch,
});
