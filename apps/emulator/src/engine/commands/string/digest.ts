import { reply } from "../../reply.ts";
import { stringDigest } from "../../values/string.ts";
import { defineCommand } from "../define.ts";

/**
 * DIGEST key: the XXH3 64-bit hash of the string at `key` as 16 hex digits; nil when absent. The
 * digest is what SET and DELEX compare with IFDEQ/IFDNE.
 * @see https://redis.io/commands/digest
 */
export const digest = defineCommand({
  name: "DIGEST",
  group: "string",
  arity: 2,
  flags: ["readonly", "fast"],
  categories: ["string"],
  keys: { first: 1, last: 1, step: 1 },
  since: "8.4.0",
  summary: "Returns the XXH3 hash of a string value.",
  complexity: "O(N) where N is the length of the string value.",
  parse: (args) => ({ key: args.key() }),
  run: ({ db }, { key }) => {
    const value = db.getString(key);
    return value === undefined ? reply.null() : reply.bulk(stringDigest(value));
  },
});
