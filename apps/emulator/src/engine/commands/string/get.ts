import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * GET key: the string stored at `key`, or nil.
 * @see https://redis.io/commands/get
 */
export const get = defineCommand({
  name: "GET",
  group: "string",
  arity: 2,
  flags: ["readonly", "fast"],
  categories: ["string"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RO", "access"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "1.0.0",
  summary: "Returns the string value of a key.",
  complexity: "O(1)",
  parse: (args) => ({ key: args.key() }),
  run: ({ db }, { key }) => reply.bulkOrNull(db.getString(key)),
});
