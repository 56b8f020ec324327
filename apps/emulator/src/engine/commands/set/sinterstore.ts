import { reply } from "../../reply.ts";
import { intersectionOf, lookupSets, SetValue, setLimits, storeSet } from "../../values/set.ts";
import { defineCommand } from "../define.ts";

/**
 * SINTERSTORE destination key [key ...]: stores the intersection at `destination` (deleted when
 * empty); its size.
 * @see https://redis.io/commands/sinterstore
 */
export const sinterstore = defineCommand({
  name: "SINTERSTORE",
  group: "set",
  arity: -3,
  flags: ["write", "denyoom"],
  categories: ["set"],
  keys: { first: 1, last: -1, step: 1 },
  keySpecs: [
    {
      flags: ["RW", "update"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
    {
      flags: ["RO", "access"],
      beginSearch: { index: 2 },
      findKeys: { lastKey: -1, keyStep: 1, limit: 0 },
    },
  ],
  since: "1.0.0",
  summary: "Stores the intersect of multiple sets in a key.",
  complexity:
    "O(N*M) worst case where N is the cardinality of the smallest set and M is the number of sets.",
  parse: (args) => ({ destination: args.key(), keys: args.rest() }),
  run: (ctx, { destination, keys }) => {
    const limits = setLimits(ctx.server.config);
    const sets = lookupSets(ctx.db, keys);
    // Redis starts the result as an intset when the smallest set is one, else as a listpack, and
    // turns an all-integer result into an intset at the end (maybeConvertToIntset).
    let smallest: SetValue | undefined;
    for (const set of sets) {
      if (set !== undefined && (smallest === undefined || set.size < smallest.size)) {
        smallest = set;
      }
    }
    const result = new SetValue(smallest?.encoding() === "intset" ? "intset" : "listpack");
    for (const member of intersectionOf(sets)) {
      result.add(member, limits);
    }
    result.convertToIntsetIfPossible(limits);
    return reply.integer(storeSet(ctx, { key: destination, result, event: "sinterstore" }));
  },
});
