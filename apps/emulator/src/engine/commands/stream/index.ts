/** The stream group's commands, alphabetically (registered in `../table.ts`). */
import type { Command } from "../define.ts";

export const streamCommands: readonly Command[] = [];
