import { ERR, ReplyError } from "../../errors.ts";
import { defineCommand } from "../define.ts";

/**
 * MODULE LOADEX path [CONFIG name value ...] [ARGS args ...]: refused like MODULE LOAD.
 * @see https://redis.io/commands/module-loadex
 */
export const moduleLoadex = defineCommand({
  name: "MODULE|LOADEX",
  group: "server",
  arity: -3,
  flags: ["admin", "noscript", "no_async_loading"],
  since: "7.0.0",
  summary: "Loads a module using extended parameters.",
  complexity: "O(1)",
  parse: (args) => ({ arguments: args.rest() }),
  run: () => {
    throw new ReplyError(ERR.MODULE_NOT_ALLOWED);
  },
});
