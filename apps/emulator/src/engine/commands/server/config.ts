import { defineContainer } from "../define.ts";
import { configGet } from "./config-get.ts";
import { configHelp } from "./config-help.ts";
import { configResetstat } from "./config-resetstat.ts";
import { configRewrite } from "./config-rewrite.ts";
import { configSet } from "./config-set.ts";

/**
 * CONFIG <subcommand>: reads and changes server parameters (`engine/config.ts`).
 * @see https://redis.io/commands/config
 */
export const config = defineContainer({
  name: "CONFIG",
  group: "server",
  since: "2.0.0",
  summary: "A container for server configuration commands.",
  subcommands: [configGet, configHelp, configResetstat, configRewrite, configSet],
});
