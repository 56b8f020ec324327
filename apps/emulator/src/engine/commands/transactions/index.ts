/** The transactions group's commands, alphabetically (registered in `../table.ts`). */
import type { Command } from "../define.ts";
import { discard } from "./discard.ts";
import { exec } from "./exec.ts";
import { multi } from "./multi.ts";
import { unwatch } from "./unwatch.ts";
import { watch } from "./watch.ts";

export const transactionsCommands: readonly Command[] = [discard, exec, multi, unwatch, watch];
