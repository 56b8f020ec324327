import { reply } from "../../reply.ts";
import { stringRange } from "../../values/string.ts";
import { defineCommand } from "../define.ts";

/**
 * SUBSTR key start end: GETRANGE under its pre-2.0 name.
 * @see https://redis.io/commands/substr
 */
export const substr = defineCommand({
  name: "SUBSTR",
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
  since: "1.0.0",
  summary: "Returns a substring from a string value.",
  complexity:
    "O(N) where N is the length of the returned string. The complexity is ultimately determined by the returned length, but because creating a substring from an existing string is very cheap, it can be considered O(1) for small strings.",
  parse: (args) => ({ key: args.key(), start: args.bigInteger(), end: args.bigInteger() }),
  run: ({ db }, { key, start, end }) =>
    reply.bulk(stringRange(db.getString(key) ?? "", start, end)),
});
