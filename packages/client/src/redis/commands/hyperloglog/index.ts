/** The hyperloglog group's client commands, alphabetically (merged in `../index.ts`). */
import { pfadd } from "./pfadd.ts";
import { pfcount } from "./pfcount.ts";
import { pfmerge } from "./pfmerge.ts";

export const hyperloglogCommands = {
  pfadd,
  pfcount,
  pfmerge,
} as const;
