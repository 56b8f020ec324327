/** The server group's commands, alphabetically (registered in `../table.ts`). */
import type { Command } from "../define.ts";

export const serverCommands: readonly Command[] = [];
