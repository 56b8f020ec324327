/** The generic group's commands, alphabetically (registered in `../table.ts`). */
import type { Command } from "../define.ts";
import { del } from "./del.ts";

export const genericCommands: readonly Command[] = [del];
