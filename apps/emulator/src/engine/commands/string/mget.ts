import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * MGET key [key ...]: the string at each key; nil for absent keys and, unlike GET, for keys of
 * other types.
 * @see https://redis.io/commands/mget
 */
export const mget = defineCommand({
  name: "MGET",
  group: "string",
  arity: -2,
  flags: ["readonly", "fast"],
  categories: ["string"],
  keys: { first: 1, last: -1, step: 1 },
  keySpecs: [
    {
      flags: ["RO", "access"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: -1, keyStep: 1, limit: 0 },
    },
  ],
  since: "1.0.0",
  summary: "Atomically returns the string values of one or more keys.",
  complexity: "O(N) where N is the number of keys to retrieve.",
  parse: (args) => ({ keys: args.rest() }),
  run: ({ db }, { keys }) => {
    const values: (string | undefined)[] = [];
    for (const key of keys) {
      const value = db.get(key);
      values.push(typeof value === "string" ? value : undefined);
    }
    return reply.bulksOrNull(values);
  },
});
