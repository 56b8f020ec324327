import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * STRLEN key: the length in bytes of the string at `key`; 0 when absent.
 * @see https://redis.io/commands/strlen
 */
export const strlen = defineCommand({
  name: "STRLEN",
  group: "string",
  arity: 2,
  flags: ["readonly", "fast"],
  categories: ["string"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    { flags: ["RO"], beginSearch: { index: 1 }, findKeys: { lastKey: 0, keyStep: 1, limit: 0 } },
  ],
  since: "2.2.0",
  summary: "Returns the length of a string value.",
  complexity: "O(1)",
  parse: (args) => ({ key: args.key() }),
  run: ({ db }, { key }) => reply.integer(db.getString(key)?.length ?? 0),
});
