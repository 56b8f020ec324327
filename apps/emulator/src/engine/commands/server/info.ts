import { infoText } from "../../info.ts";
import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * INFO [section [section ...]]: server information and statistics as `field:value` lines under
 * `# Section` headers; `default` (no argument), `all`, `everything` or named sections.
 * @see https://redis.io/commands/info
 */
export const info = defineCommand({
  name: "INFO",
  group: "server",
  arity: -1,
  flags: ["loading", "stale"],
  categories: ["dangerous"],
  since: "1.0.0",
  summary: "Returns information and statistics about the server.",
  complexity: "O(1)",
  parse: (args) => ({ sections: args.rest() }),
  run: (ctx, { sections }) => reply.bulk(infoText({ server: ctx.server, now: ctx.now, sections })),
});
