/** The scripting group's client commands, alphabetically (merged in `../index.ts`). */
import { evalScript } from "./eval.ts";
import { evalRo } from "./eval-ro.ts";
import { evalsha } from "./evalsha.ts";
import { evalshaRo } from "./evalsha-ro.ts";
import { fcall } from "./fcall.ts";
import { fcallRo } from "./fcall-ro.ts";
import { functionDelete } from "./function-delete.ts";
import { functionDump } from "./function-dump.ts";
import { functionFlush } from "./function-flush.ts";
import { functionList } from "./function-list.ts";
import { functionLoad } from "./function-load.ts";
import { functionRestore } from "./function-restore.ts";
import { functionStats } from "./function-stats.ts";
import { scriptExists } from "./script-exists.ts";
import { scriptFlush } from "./script-flush.ts";
import { scriptLoad } from "./script-load.ts";

export const scriptingCommands = {
  eval: evalScript,
  evalRo,
  evalsha,
  evalshaRo,
  fcall,
  fcallRo,
  functionDelete,
  functionDump,
  functionFlush,
  functionList,
  functionLoad,
  functionRestore,
  functionStats,
  scriptExists,
  scriptFlush,
  scriptLoad,
} as const;
