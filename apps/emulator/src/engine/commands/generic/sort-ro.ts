import { parseSortOptions, runSort } from "../../sort.ts";
import { defineCommand } from "../define.ts";

/**
 * SORT_RO key [BY pattern] [LIMIT offset count] [GET pattern [GET pattern ...]] [ASC | DESC] [ALPHA]:
 * SORT without STORE.
 * @see https://redis.io/commands/sort_ro
 */
export const sortRo = defineCommand({
  name: "SORT_RO",
  group: "generic",
  arity: -2,
  flags: ["readonly"],
  categories: ["set", "sortedset", "list", "dangerous"],
  keys: { first: 1, last: 1, step: 1 },
  // Redis flags SORT_RO movablekeys too (its key spec is "incomplete"), though only key 1 is a key.
  movableKeys: () => [1],
  // sortROGetKeys: the sorted key only (BY and GET patterns name keys no one can tell).
  keysWithFlags: () => [{ position: 1, flags: ["RO", "access"] }],
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
  ],
  since: "7.0.0",
  summary: "Returns the sorted elements of a list, a set, or a sorted set.",
  complexity:
    "O(N+M*log(M)) where N is the number of elements in the list or set to sort, and M the number of returned elements. When the elements are not sorted, complexity is O(N).",
  parse: (args) => parseSortOptions(args, true),
  run: runSort,
});
