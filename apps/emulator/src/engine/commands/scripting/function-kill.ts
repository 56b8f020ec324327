import { killBusyScript } from "../../scripting/run-script.ts";
import { defineCommand, noArguments } from "../define.ts";

/**
 * FUNCTION KILL: stops the function that passed busy-reply-threshold and runs in slices
 * (NOTBUSY when none does, UNKILLABLE once it has written; see scripting/README.md).
 * @see https://redis.io/commands/function-kill
 */
export const functionKill = defineCommand({
  name: "FUNCTION|KILL",
  group: "scripting",
  arity: 2,
  flags: ["noscript", "allow_busy"],
  categories: ["scripting"],
  since: "7.0.0",
  summary: "Terminates a function during execution.",
  complexity: "O(1)",
  parse: noArguments,
  run: (ctx) => killBusyScript(ctx.server.scripting, false),
});
