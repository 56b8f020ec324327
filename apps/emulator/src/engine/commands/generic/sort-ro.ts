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
  since: "7.0.0",
  summary: "Returns the sorted elements of a list, a set, or a sorted set.",
  complexity:
    "O(N+M*log(M)) where N is the number of elements in the list or set to sort, and M the number of returned elements. When the elements are not sorted, complexity is O(N).",
  parse: (args) => parseSortOptions(args, true),
  run: runSort,
});
