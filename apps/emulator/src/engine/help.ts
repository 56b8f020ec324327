/**
 * HELP replies of container commands (`addReplyHelp` in src/networking.c): a header line naming the
 * container, the subcommand lines, and the trailing HELP entry, each a simple string.
 */
import { type Reply, reply } from "./reply.ts";

/** `CONFIG HELP` & co.: `lines` are the container's own entries, without the final HELP pair. */
export function helpReply(container: string, lines: readonly string[]): Reply {
  const items: Reply[] = [
    reply.simple(`${container} <subcommand> [<arg> [value] [opt] ...]. Subcommands are:`),
  ];
  for (const line of lines) {
    items.push(reply.simple(line));
  }
  // Redis 7.2 reworded the trailer from "Prints this help." (7.0) to "Print this help.".
  items.push(reply.simple("HELP"), reply.simple("    Print this help."));
  return reply.array(items);
}
