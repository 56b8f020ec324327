/** The server group's commands, alphabetically (registered in `../table.ts`). */
import type { Command } from "../define.ts";
import { acl } from "./acl.ts";
import { bgrewriteaof } from "./bgrewriteaof.ts";
import { bgsave } from "./bgsave.ts";
import { command } from "./command.ts";
import { config } from "./config.ts";
import { dbsize } from "./dbsize.ts";
import { debug } from "./debug.ts";
import { failover } from "./failover.ts";
import { flushall } from "./flushall.ts";
import { flushdb } from "./flushdb.ts";
import { info } from "./info.ts";
import { lastsave } from "./lastsave.ts";
import { latency } from "./latency.ts";
import { lolwut } from "./lolwut.ts";
import { memory } from "./memory.ts";
import { module } from "./module.ts";
import { replicaof } from "./replicaof.ts";
import { role } from "./role.ts";
import { save } from "./save.ts";
import { shutdown } from "./shutdown.ts";
import { slaveof } from "./slaveof.ts";
import { slowlog } from "./slowlog.ts";
import { swapdb } from "./swapdb.ts";
import { time } from "./time.ts";

export const serverCommands: readonly Command[] = [
  acl,
  bgrewriteaof,
  bgsave,
  command,
  config,
  dbsize,
  debug,
  failover,
  flushall,
  flushdb,
  info,
  lastsave,
  latency,
  lolwut,
  memory,
  module,
  replicaof,
  role,
  save,
  shutdown,
  slaveof,
  slowlog,
  swapdb,
  time,
];
