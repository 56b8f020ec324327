import { commandInfoReply } from "../../command-info.ts";
import { reply } from "../../reply.ts";
import { type Command, defineContainer } from "../define.ts";
import { commandCount } from "./command-count.ts";
import { commandDocs } from "./command-docs.ts";
import { commandGetkeys } from "./command-getkeys.ts";
import { commandGetkeysandflags } from "./command-getkeysandflags.ts";
import { commandHelp } from "./command-help.ts";
import { commandInfo } from "./command-info.ts";
import { commandList } from "./command-list.ts";

const container = defineContainer({
  name: "COMMAND",
  group: "server",
  since: "2.8.13",
  summary: "Returns detailed information about all commands.",
  subcommands: [
    commandCount,
    commandDocs,
    commandGetkeys,
    commandGetkeysandflags,
    commandHelp,
    commandInfo,
    commandList,
  ],
});

/**
 * COMMAND [<subcommand>]: without a subcommand, COMMAND INFO for every command. Unlike the other
 * containers it runs on its own (arity -1, where theirs is -2), so it has COMMAND's metadata
 * (loading, stale, @connection) and the dispatcher runs its `execute` when no subcommand is given.
 * @see https://redis.io/commands/command
 */
export const command: Command = {
  ...container,
  arity: -1,
  flags: new Set(["loading", "stale"]),
  aclCategories: ["slow", "connection"],
  resp3: "command-info",
  complexity: "O(N) where N is the total number of Redis commands",
  execute: (ctx, args) => {
    args.end();
    return reply.array([...ctx.server.commands.values()].map(commandInfoReply));
  },
};
