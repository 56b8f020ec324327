import { parseSortOptions, runSort, sortKeyPositions, sortKeysWithFlags } from "../../sort.ts";
import { defineCommand } from "../define.ts";

/**
 * SORT key [BY pattern] [LIMIT offset count] [GET pattern [GET pattern ...]] [ASC | DESC] [ALPHA]
 * [STORE destination]: the sorted elements of a list, set or sorted set, or their count when stored
 * (as a list) at `destination`.
 * @see https://redis.io/commands/sort
 */
export const sort = defineCommand({
  name: "SORT",
  group: "generic",
  arity: -2,
  flags: ["write", "denyoom"],
  categories: ["set", "sortedset", "list", "dangerous"],
  keys: { first: 1, last: 1, step: 1 },
  movableKeys: sortKeyPositions,
  keysWithFlags: sortKeysWithFlags,
  keySpecs: [
    {
      flags: ["RO", "access"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
    {
      notes:
        "For the optional BY/GET keyword. It is marked 'unknown' because the key names derive from the content of the key we sort",
      flags: ["RO", "access"],
      beginSearch: "unknown",
      findKeys: "unknown",
    },
    {
      notes:
        "For the optional STORE keyword. It is marked 'unknown' because the keyword can appear anywhere in the argument array",
      flags: ["OW", "update"],
      beginSearch: "unknown",
      findKeys: "unknown",
    },
  ],
  since: "1.0.0",
  summary: "Sorts the elements in a list, a set, or a sorted set, optionally storing the result.",
  complexity:
    "O(N+M*log(M)) where N is the number of elements in the list or set to sort, and M the number of returned elements. When the elements are not sorted, complexity is O(N).",
  parse: (args) => parseSortOptions(args, false),
  run: runSort,
});
