import { killBusyScript } from "../../scripting/run-script.ts";
import { defineCommand, noArguments } from "../define.ts";

/**
 * SCRIPT KILL: stops the EVAL script that passed busy-reply-threshold and runs in slices
 * (NOTBUSY when none does, UNKILLABLE once it has written; see scripting/README.md).
 * @see https://redis.io/commands/script-kill
 */
export const scriptKill = defineCommand({
  name: "SCRIPT|KILL",
  group: "scripting",
  arity: 2,
  flags: ["noscript", "allow_busy"],
  categories: ["scripting"],
  since: "2.6.0",
  summary: "Terminates a server-side Lua script during execution.",
  complexity: "O(1)",
  parse: noArguments,
  run: (ctx) => killBusyScript(ctx.server.scripting, true),
});
