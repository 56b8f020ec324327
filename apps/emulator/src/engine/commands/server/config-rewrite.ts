import { ERR, ReplyError } from "../../errors.ts";
import { defineCommand, noArguments } from "../define.ts";

/**
 * CONFIG REWRITE: the engine has no configuration file, so it answers as a Redis started without
 * one does.
 * @see https://redis.io/commands/config-rewrite
 */
export const configRewrite = defineCommand({
  name: "CONFIG|REWRITE",
  group: "server",
  arity: 2,
  flags: ["admin", "noscript", "loading", "stale"],
  since: "2.8.0",
  summary: "Persists the effective configuration to file.",
  complexity: "O(1)",
  parse: noArguments,
  run: () => {
    throw new ReplyError(ERR.NO_CONFIG_FILE);
  },
});
