import { encodingOf } from "../../object-info.ts";
import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * OBJECT ENCODING key: the internal representation Redis would use (`int`/`embstr`/`raw` for
 * strings, `listpack`, `quicklist`, `hashtable`, `intset`, `skiplist`, … for containers), or nil.
 * @see https://redis.io/commands/object-encoding
 */
export const objectEncoding = defineCommand({
  name: "OBJECT|ENCODING",
  group: "generic",
  arity: 3,
  flags: ["readonly"],
  categories: ["keyspace"],
  keys: { first: 2, last: 2, step: 1 },
  keySpecs: [
    { flags: ["RO"], beginSearch: { index: 2 }, findKeys: { lastKey: 0, keyStep: 1, limit: 0 } },
  ],
  since: "2.2.3",
  summary: "Returns the internal encoding of a Redis object.",
  complexity: "O(1)",
  parse: (args) => ({ key: args.key() }),
  run: (ctx, { key }) => {
    const value = ctx.db.peek(key);
    return value === undefined ? reply.null() : reply.bulk(encodingOf(value));
  },
});
