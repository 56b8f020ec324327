import { ERR, ReplyError } from "../../errors.ts";
import { defineCommand, noArguments } from "../define.ts";

/**
 * SCRIPT KILL: stops the script that is running. The engine is synchronous, so this command can
 * only arrive between scripts: the answer is always NOTBUSY. (Scripts past busy-reply-threshold
 * are aborted by the engine itself, as if killed; see scripting/README.md.)
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
  run: () => {
    throw new ReplyError(ERR.NOTBUSY);
  },
});
