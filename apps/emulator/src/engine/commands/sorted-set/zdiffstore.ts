import { defineSetOperationStore } from "./_set-operations.ts";

/**
 * ZDIFFSTORE destination numkeys key [key ...]: stores ZDIFF's result in `destination` (an empty
 * one deletes it); its size.
 * @see https://redis.io/commands/zdiffstore
 */
export const zdiffstore = defineSetOperationStore({
  name: "ZDIFFSTORE",
  kind: "diff",
  since: "6.2.0",
  summary: "Stores the difference of multiple sorted sets in a key.",
  complexity:
    "O(L + (N-K)log(N)) worst case where L is the total number of elements in all the sets, N is the size of the first set, and K is the size of the result set.",
});
