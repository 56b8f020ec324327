import { defineContainer } from "../define.ts";
import { slowlogGet } from "./slowlog-get.ts";
import { slowlogHelp } from "./slowlog-help.ts";
import { slowlogLen } from "./slowlog-len.ts";
import { slowlogReset } from "./slowlog-reset.ts";

/**
 * SLOWLOG <subcommand>: the slow log. The engine does not time commands, so the log stays empty.
 * @see https://redis.io/commands/slowlog
 */
export const slowlog = defineContainer({
  name: "SLOWLOG",
  group: "server",
  since: "2.2.12",
  summary: "A container for slow log commands.",
  subcommands: [slowlogGet, slowlogHelp, slowlogLen, slowlogReset],
});
