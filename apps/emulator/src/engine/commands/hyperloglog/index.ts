/** The hyperloglog group's commands, alphabetically (registered in `../table.ts`). */
import type { Command } from "../define.ts";
import { pfadd } from "./pfadd.ts";
import { pfcount } from "./pfcount.ts";
import { pfdebug } from "./pfdebug.ts";
import { pfmerge } from "./pfmerge.ts";
import { pfselftest } from "./pfselftest.ts";

export const hyperloglogCommands: readonly Command[] = [
  pfadd,
  pfcount,
  pfdebug,
  pfmerge,
  pfselftest,
];
