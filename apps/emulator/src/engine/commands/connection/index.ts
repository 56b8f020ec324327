/** The connection group's commands, alphabetically (registered in `../table.ts`). */
import type { Command } from "../define.ts";
import { ping } from "./ping.ts";

export const connectionCommands: readonly Command[] = [ping];
