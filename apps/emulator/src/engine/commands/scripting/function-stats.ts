import { reply } from "../../reply.ts";
import { defineCommand, noArguments } from "../define.ts";

/**
 * FUNCTION STATS: the running function (always none: the engine runs one command at a time, so
 * this can only run between functions) and the engine's library and function counts.
 * @see https://redis.io/commands/function-stats
 */
export const functionStats = defineCommand({
  name: "FUNCTION|STATS",
  group: "scripting",
  arity: 2,
  resp3: "function-stats",
  flags: ["noscript", "allow_busy"],
  categories: ["scripting"],
  since: "7.0.0",
  summary: "Returns information about a function during execution.",
  complexity: "O(1)",
  parse: noArguments,
  run: (ctx) => {
    const { functions } = ctx.server.scripting;
    return reply.array([
      reply.bulk("running_script"),
      reply.null(),
      reply.bulk("engines"),
      reply.array([
        reply.bulk("LUA"),
        reply.array([
          reply.bulk("libraries_count"),
          reply.integer(functions.libraries.size),
          reply.bulk("functions_count"),
          reply.integer(functions.functionCount),
        ]),
      ]),
    ]);
  },
});
