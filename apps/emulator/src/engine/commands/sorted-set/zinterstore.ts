import { defineSetOperationStore } from "./_set-operations.ts";

/**
 * ZINTERSTORE destination numkeys key [key ...] [WEIGHTS weight [weight ...]]
 * [AGGREGATE SUM|MIN|MAX]: stores ZINTER's result in `destination` (an empty one deletes it);
 * its size.
 * @see https://redis.io/commands/zinterstore
 */
export const zinterstore = defineSetOperationStore({
  name: "ZINTERSTORE",
  kind: "inter",
  since: "2.0.0",
  summary: "Stores the intersect of multiple sorted sets in a key.",
  complexity:
    "O(N*K)+O(M*log(M)) worst case with N being the smallest input sorted set, K being the number of input sorted sets and M being the number of elements in the resulting sorted set.",
});
