import { reply } from "../../reply.ts";
import { lookupHash } from "../../values/hash.ts";
import { defineCommand } from "../define.ts";

/**
 * HMGET key field [field ...]: the value of each field, nil for absent ones (a missing key is an
 * empty hash).
 * @see https://redis.io/commands/hmget
 */
export const hmget = defineCommand({
  name: "HMGET",
  group: "hash",
  arity: -3,
  flags: ["readonly", "fast"],
  categories: ["hash"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RO", "access"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "2.0.0",
  summary: "Returns the values of all fields in a hash.",
  complexity: "O(N) where N is the number of fields being requested.",
  parse: (args) => ({ key: args.key(), fields: args.rest() }),
  run: (ctx, { key, fields }) => {
    const hash = lookupHash(ctx, key);
    return reply.bulksOrNull(fields.map((field) => hash?.get(field)));
  },
});
