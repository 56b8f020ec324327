/** The hyperloglog group's commands, alphabetically (registered in `../table.ts`). */
import type { Command } from "../define.ts";

export const hyperloglogCommands: readonly Command[] = [];
