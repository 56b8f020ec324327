/** The server group's client commands, alphabetically (merged in `../index.ts`). */
import { aclResttoken } from "./acl-resttoken.ts";
import { aclWhoami } from "./acl-whoami.ts";
import { commandCount } from "./command-count.ts";
import { configGet } from "./config-get.ts";
import { configSet } from "./config-set.ts";
import { dbsize } from "./dbsize.ts";
import { flushall } from "./flushall.ts";
import { flushdb } from "./flushdb.ts";
import { info } from "./info.ts";
import { lastsave } from "./lastsave.ts";
import { memoryUsage } from "./memory-usage.ts";
import { time } from "./time.ts";

export const serverCommands = {
  aclResttoken,
  aclWhoami,
  commandCount,
  configGet,
  configSet,
  dbsize,
  flushall,
  flushdb,
  info,
  lastsave,
  memoryUsage,
  time,
} as const;
