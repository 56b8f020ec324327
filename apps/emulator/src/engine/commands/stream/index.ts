/** The stream group's commands, alphabetically (registered in `../table.ts`). */
import { type Command, defineContainer } from "../define.ts";
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
import { xgroupHelp } from "./xgroup-help.ts";
import { xgroupSetid } from "./xgroup-setid.ts";
import { xinfoConsumers } from "./xinfo-consumers.ts";
import { xinfoGroups } from "./xinfo-groups.ts";
import { xinfoHelp } from "./xinfo-help.ts";
import { xinfoStream } from "./xinfo-stream.ts";
import { xlen } from "./xlen.ts";
import { xpending } from "./xpending.ts";
import { xrange } from "./xrange.ts";
import { xread } from "./xread.ts";
import { xreadgroup } from "./xreadgroup.ts";
import { xrevrange } from "./xrevrange.ts";
import { xsetid } from "./xsetid.ts";
import { xtrim } from "./xtrim.ts";

const xgroup = defineContainer({
  name: "XGROUP",
  group: "stream",
  since: "5.0.0",
  summary: "A container for consumer groups commands.",
  subcommands: [
    xgroupCreate,
    xgroupCreateconsumer,
    xgroupDelconsumer,
    xgroupDestroy,
    xgroupHelp,
    xgroupSetid,
  ],
});

const xinfo = defineContainer({
  name: "XINFO",
  group: "stream",
  since: "5.0.0",
  summary: "A container for stream introspection commands.",
  subcommands: [xinfoConsumers, xinfoGroups, xinfoHelp, xinfoStream],
});

export const streamCommands: readonly Command[] = [
  xack,
  xackdel,
  xadd,
  xautoclaim,
  xclaim,
  xdel,
  xdelex,
  xgroup,
  xinfo,
  xlen,
  xpending,
  xrange,
  xread,
  xreadgroup,
  xrevrange,
  xsetid,
  xtrim,
];
