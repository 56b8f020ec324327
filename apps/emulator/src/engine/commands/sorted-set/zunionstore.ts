import { defineSetOperationStore } from "./_set-operations.ts";

/**
 * ZUNIONSTORE destination numkeys key [key ...] [WEIGHTS weight [weight ...]]
 * [AGGREGATE SUM|MIN|MAX]: stores ZUNION's result in `destination` (an empty one deletes it);
 * its size.
 * @see https://redis.io/commands/zunionstore
 */
export const zunionstore = defineSetOperationStore({
  name: "ZUNIONSTORE",
  kind: "union",
  since: "2.0.0",
  summary: "Stores the union of multiple sorted sets in a key.",
  complexity:
    "O(N)+O(M log(M)) with N being the sum of the sizes of the input sorted sets, and M being the number of elements in the resulting sorted set.",
});
