import { defineCommand } from "../define.ts";
import { parseSearch, runSearch } from "./_radius-search.ts";

/**
 * GEORADIUSBYMEMBER_RO key member radius <M | KM | FT | MI> [WITHCOORD] [WITHDIST] [WITHHASH]
 * [COUNT count [ANY]] [ASC | DESC]: GEORADIUSBYMEMBER without STORE, for replicas (deprecated).
 * @see https://redis.io/commands/georadiusbymember_ro
 */
export const georadiusbymemberRo = defineCommand({
  name: "GEORADIUSBYMEMBER_RO",
  group: "geo",
  arity: -5,
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
  since: "3.2.10",
  summary: "Returns members from a geospatial index that are within a distance from a member.",
  complexity:
    "O(N+log(M)) where N is the number of elements inside the bounding box of the circular area delimited by center and radius and M is the number of items inside the index.",
  parse: (args) => parseSearch("GEORADIUSBYMEMBER_RO", args),
  run: runSearch,
});
