import { defineContainer } from "../define.ts";
import { moduleHelp } from "./module-help.ts";
import { moduleList } from "./module-list.ts";
import { moduleLoad } from "./module-load.ts";
import { moduleLoadex } from "./module-loadex.ts";
import { moduleUnload } from "./module-unload.ts";

/**
 * MODULE <subcommand>: the engine has no modules and, like a default redis-server
 * (`enable-module-command no`), refuses to load or unload any.
 * @see https://redis.io/commands/module
 */
export const module = defineContainer({
  name: "MODULE",
  group: "server",
  since: "4.0.0",
  summary: "A container for module commands.",
  subcommands: [moduleHelp, moduleList, moduleLoad, moduleLoadex, moduleUnload],
});
