import { ERR, ReplyError } from "../../errors.ts";
import { defineCommand } from "../define.ts";

/**
 * MODULE UNLOAD name: refused like MODULE LOAD.
 * @see https://redis.io/commands/module-unload
 */
export const moduleUnload = defineCommand({
  name: "MODULE|UNLOAD",
  group: "server",
  arity: 3,
  flags: ["admin", "noscript", "no_async_loading"],
  since: "4.0.0",
  summary: "Unloads a module.",
  complexity: "O(1)",
  parse: (args) => ({ name: args.string() }),
  run: () => {
    throw new ReplyError(ERR.MODULE_NOT_ALLOWED);
  },
});
