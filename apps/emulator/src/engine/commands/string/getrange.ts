import { reply } from "../../reply.ts";
import { stringRange } from "../../values/string.ts";
import { defineCommand } from "../define.ts";

/**
 * GETRANGE key start end: the bytes `start..end` (inclusive; negative counts from the end) of the
 * string at `key`; empty when absent.
 * @see https://redis.io/commands/getrange
 */
export const getrange = defineCommand({
  name: "GETRANGE",
  group: "string",
  arity: 4,
  flags: ["readonly"],
  categories: ["string"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RO", "access"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "2.4.0",
  summary: "Returns a substring of the string stored at a key.",
  complexity:
    "O(N) where N is the length of the returned string. The complexity is ultimately determined by the returned length, but because creating a substring from an existing string is very cheap, it can be considered O(1) for small strings.",
  parse: (args) => ({ key: args.key(), start: args.bigInteger(), end: args.bigInteger() }),
  run: ({ db }, { key, start, end }) =>
    reply.bulk(stringRange(db.getString(key) ?? "", start, end)),
});
