/** The string group's commands, alphabetically (registered in `../table.ts`). */
import type { Command } from "../define.ts";
import { get } from "./get.ts";
import { set } from "./set.ts";

export const stringCommands: readonly Command[] = [get, set];
