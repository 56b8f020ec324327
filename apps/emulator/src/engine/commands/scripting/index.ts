/** The scripting group's commands, alphabetically (registered in `../table.ts`). */
import type { Command } from "../define.ts";
import { evalCommand } from "./eval.ts";
import { evalRo } from "./eval-ro.ts";
import { evalsha } from "./evalsha.ts";
import { evalshaRo } from "./evalsha-ro.ts";
import { fcall } from "./fcall.ts";
import { fcallRo } from "./fcall-ro.ts";
import { functionCommand } from "./function.ts";
import { script } from "./script.ts";

export const scriptingCommands: readonly Command[] = [
  evalCommand,
  evalsha,
  evalshaRo,
  evalRo,
  fcall,
  fcallRo,
  functionCommand,
  script,
];
