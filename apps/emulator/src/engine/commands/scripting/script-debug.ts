import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * SCRIPT DEBUG YES | SYNC | NO: the Lua debugger mode of the next scripts. NO (the default) is
 * accepted; the debugger itself talks to the client over its connection, which an embedded engine
 * does not have.
 * @see https://redis.io/commands/script-debug
 */
export const scriptDebug = defineCommand({
  name: "SCRIPT|DEBUG",
  group: "scripting",
  arity: 3,
  flags: ["noscript"],
  categories: ["scripting"],
  since: "3.2.0",
  summary: "Sets the debug mode of server-side Lua scripts.",
  complexity: "O(1)",
  parse: (args) => ({ mode: args.token() }),
  run: (_ctx, { mode }) => {
    if (mode === "NO") {
      return reply.ok();
    }
    if (mode === "YES" || mode === "SYNC") {
      // Emulator difference: no interactive debugger (see ERR.SCRIPT_DEBUG_UNSUPPORTED).
      throw new ReplyError(ERR.SCRIPT_DEBUG_UNSUPPORTED);
    }
    throw new ReplyError(ERR.SCRIPT_DEBUG_OPTION);
  },
});
