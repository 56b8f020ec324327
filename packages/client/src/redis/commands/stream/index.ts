/** The stream group's client commands, alphabetically (merged in `../index.ts`). */
import { xack } from "./xack.ts";
import { xackdel } from "./xackdel.ts";
import { xadd } from "./xadd.ts";
import { xautoclaim } from "./xautoclaim.ts";
import { xclaim } from "./xclaim.ts";
import { xdel } from "./xdel.ts";
import { xdelex } from "./xdelex.ts";
import { xgroupCreate } from "./xgroup-create.ts";
import { xgroupCreateconsumer } from "./xgroup-createconsumer.ts";
import { xgroupDelconsumer } from "./xgroup-delconsumer.ts";
import { xgroupDestroy } from "./xgroup-destroy.ts";
import { xgroupSetid } from "./xgroup-setid.ts";
import { xinfoConsumers } from "./xinfo-consumers.ts";
import { xinfoGroups } from "./xinfo-groups.ts";
import { xinfoStream } from "./xinfo-stream.ts";
import { xlen } from "./xlen.ts";
import { xpending } from "./xpending.ts";
import { xrange } from "./xrange.ts";
import { xread } from "./xread.ts";
import { xreadgroup } from "./xreadgroup.ts";
import { xrevrange } from "./xrevrange.ts";
import { xsetid } from "./xsetid.ts";
import { xtrim } from "./xtrim.ts";

export const streamCommands = {
  xack,
  xackdel,
  xadd,
  xautoclaim,
  xclaim,
  xdel,
  xdelex,
  xgroupCreate,
  xgroupCreateconsumer,
  xgroupDelconsumer,
  xgroupDestroy,
  xgroupSetid,
  xinfoConsumers,
  xinfoGroups,
  xinfoStream,
  xlen,
  xpending,
  xrange,
  xread,
  xreadgroup,
  xrevrange,
  xsetid,
  xtrim,
} as const;
