import { asciiLower } from "../../bytes.ts";
import { allCommands } from "../../command-info.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { globMatch } from "../../glob.ts";
import { reply } from "../../reply.ts";
import type { Args } from "../args.ts";
import type { Command } from "../define.ts";
import { defineCommand } from "../define.ts";

type Filter =
  | { readonly by: "all" }
  | { readonly by: "MODULE" | "ACLCAT" | "PATTERN"; readonly value: string };

/** Nothing, or exactly `FILTERBY MODULE|ACLCAT|PATTERN value`. */
function parseFilter(args: Args): Filter {
  if (!args.hasMore()) {
    return { by: "all" };
  }
  if (args.remaining !== 3 || args.token() !== "FILTERBY") {
    throw new ReplyError(ERR.SYNTAX);
  }
  const by = args.token();
  if (by !== "MODULE" && by !== "ACLCAT" && by !== "PATTERN") {
    throw new ReplyError(ERR.SYNTAX);
  }
  return { by, value: args.string() };
}

function matches(command: Command, filter: Filter): boolean {
  switch (filter.by) {
    case "all":
      return true;
    case "MODULE":
      // The engine loads no modules.
      return false;
    case "ACLCAT":
      return command.aclCategories.some((category) => category === asciiLower(filter.value));
    case "PATTERN":
      return globMatch(filter.value, command.fullName, true);
    default:
      return false;
  }
}

/**
 * COMMAND LIST [FILTERBY MODULE module-name | ACLCAT category | PATTERN pattern]: the names of the
 * commands and subcommands (`config|get`) that pass the filter.
 * @see https://redis.io/commands/command-list
 */
export const commandList = defineCommand({
  name: "COMMAND|LIST",
  group: "server",
  arity: -2,
  flags: ["loading", "stale"],
  categories: ["connection"],
  since: "7.0.0",
  summary: "Returns a list of command names.",
  complexity: "O(N) where N is the total number of Redis commands",
  parse: parseFilter,
  run: (ctx, filter) => {
    const names: string[] = [];
    for (const command of allCommands(ctx.server.commands)) {
      if (matches(command, filter)) {
        names.push(command.fullName);
      }
    }
    return reply.bulks(names);
  },
});
