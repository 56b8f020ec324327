/** The bitmap group's commands, alphabetically (registered in `../table.ts`). */
import type { Command } from "../define.ts";

export const bitmapCommands: readonly Command[] = [];
