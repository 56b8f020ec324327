import { ERR, ReplyError } from "../../errors.ts";
import { defineCommand, noArguments } from "../define.ts";

/**
 * FUNCTION KILL: stops the function that is running. The engine is synchronous, so this command can
 * only arrive between functions: the answer is always NOTBUSY (see scripting/README.md).
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
  run: () => {
    throw new ReplyError(ERR.NOTBUSY);
  },
});
