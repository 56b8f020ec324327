import { ERR, ReplyError } from "../../errors.ts";
import { defineCommand } from "../define.ts";

/**
 * MODULE LOAD path [arg ...]: refused, as `enable-module-command no` makes Redis do.
 * @see https://redis.io/commands/module-load
 */
export const moduleLoad = defineCommand({
  name: "MODULE|LOAD",
  group: "server",
  arity: -3,
  flags: ["admin", "noscript", "no_async_loading"],
  since: "4.0.0",
  summary: "Loads a module.",
  complexity: "O(1)",
  parse: (args) => ({ arguments: args.rest() }),
  run: () => {
    throw new ReplyError(ERR.MODULE_NOT_ALLOWED);
  },
});
