import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * CONFIG GET parameter [parameter ...]: `[name, value, …]` for every parameter matching any of the
 * glob patterns (case-insensitive), each once.
 * @see https://redis.io/commands/config-get
 */
export const configGet = defineCommand({
  name: "CONFIG|GET",
  group: "server",
  arity: -3,
  resp3: "map",
  flags: ["admin", "noscript", "loading", "stale"],
  since: "2.0.0",
  summary: "Returns the effective values of configuration parameters.",
  complexity: "O(N) when N is the number of configuration parameters provided",
  parse: (args) => ({ patterns: args.rest() }),
  run: (ctx, { patterns }) => {
    const found = new Map<string, string>();
    for (const pattern of patterns) {
      for (const [name, value] of ctx.server.config.get(pattern)) {
        found.set(name, value);
      }
    }
    const items: string[] = [];
    for (const [name, value] of found) {
      items.push(name, value);
    }
    return reply.bulks(items);
  },
});
