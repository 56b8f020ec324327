import { defineContainer } from "../define.ts";
import { functionDelete } from "./function-delete.ts";
import { functionDump } from "./function-dump.ts";
import { functionFlush } from "./function-flush.ts";
import { functionHelp } from "./function-help.ts";
import { functionKill } from "./function-kill.ts";
import { functionList } from "./function-list.ts";
import { functionLoad } from "./function-load.ts";
import { functionRestore } from "./function-restore.ts";
import { functionStats } from "./function-stats.ts";

/**
 * FUNCTION <subcommand>: the function libraries.
 * @see https://redis.io/commands/function
 */
export const functionCommand = defineContainer({
  name: "FUNCTION",
  group: "scripting",
  since: "7.0.0",
  summary: "A container for function commands.",
  subcommands: [
    functionDelete,
    functionDump,
    functionFlush,
    functionHelp,
    functionKill,
    functionList,
    functionLoad,
    functionRestore,
    functionStats,
  ],
});
