import { defineContainer } from "../define.ts";
import { scriptDebug } from "./script-debug.ts";
import { scriptExists } from "./script-exists.ts";
import { scriptFlush } from "./script-flush.ts";
import { scriptHelp } from "./script-help.ts";
import { scriptKill } from "./script-kill.ts";
import { scriptLoad } from "./script-load.ts";

/**
 * SCRIPT <subcommand>: the EVAL script cache.
 * @see https://redis.io/commands/script
 */
export const script = defineContainer({
  name: "SCRIPT",
  group: "scripting",
  since: "2.6.0",
  summary: "A container for Lua scripts management commands.",
  subcommands: [scriptDebug, scriptExists, scriptFlush, scriptHelp, scriptKill, scriptLoad],
});
