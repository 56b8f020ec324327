import { globMatch, isLiteralPattern } from "../../glob.ts";
import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * KEYS pattern: every key matching the glob pattern.
 * @see https://redis.io/commands/keys
 */
export const keys = defineCommand({
  name: "KEYS",
  group: "generic",
  arity: 2,
  flags: ["readonly"],
  categories: ["keyspace", "dangerous"],
  traits: ["read-only-token-denied"],
  since: "1.0.0",
  summary: "Returns all key names that match a pattern.",
  complexity:
    "O(N) with N being the number of keys in the database, under the assumption that the key names in the database and the given pattern have limited length.",
  parse: (args) => ({ pattern: args.string() }),
  run: (ctx, { pattern }) => {
    // A pattern without glob characters names one key: look it up instead of scanning.
    if (isLiteralPattern(pattern)) {
      return reply.bulks(ctx.db.has(pattern) ? [pattern] : []);
    }
    const matches: string[] = [];
    for (const key of ctx.db.keys()) {
      if (globMatch(pattern, key)) {
        matches.push(key);
      }
    }
    return reply.bulks(matches);
  },
});
