import { type Reply, reply } from "../../reply.ts";
import { lookupHash } from "../../values/hash.ts";
import { defineCommand } from "../define.ts";

/**
 * HGETALL key: every field followed by its value, in the hash's order (RESP2 flat array).
 * @see https://redis.io/commands/hgetall
 */
export const hgetall = defineCommand({
  name: "HGETALL",
  group: "hash",
  arity: 2,
  resp3: "map",
  flags: ["readonly"],
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
  summary: "Returns all fields and values in a hash.",
  complexity: "O(N) where N is the size of the hash.",
  parse: (args) => ({ key: args.key() }),
  run: (ctx, { key }) => {
    const items: Reply[] = [];
    for (const [field, value] of lookupHash(ctx, key)?.entries() ?? []) {
      items.push(reply.bulk(field), reply.bulk(value));
    }
    return reply.array(items);
  },
});
