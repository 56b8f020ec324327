import { ERR } from "../../errors.ts";
import { type Reply, reply } from "../../reply.ts";
import type { BusyScript } from "../../scripting/state.ts";
import { defineCommand, noArguments } from "../define.ts";

/**
 * FUNCTION STATS: the function running in slices past busy-reply-threshold (its name, command and
 * duration), and the engine's library and function counts. While an EVAL script is busy, BUSY
 * (src/function.c functionStatsCommand).
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
    const { functions, busy } = ctx.server.scripting;
    if (busy?.kind === "eval") {
      return reply.error(ERR.BUSY_EVAL);
    }
    return reply.array([
      reply.bulk("running_script"),
      busy === undefined ? reply.null() : runningScript(busy),
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

function runningScript(busy: BusyScript): Reply {
  return reply.array([
    reply.bulk("name"),
    reply.bulk(busy.name),
    reply.bulk("command"),
    reply.bulks(busy.argv),
    reply.bulk("duration_ms"),
    reply.integer(Math.floor(performance.now() - busy.startedAtMs)),
  ]);
}
