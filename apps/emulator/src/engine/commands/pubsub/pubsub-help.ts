import { helpReply } from "../../help.ts";
import { defineCommand, noArguments } from "../define.ts";

/**
 * PUBSUB HELP: the subcommands of PUBSUB.
 * @see https://redis.io/commands/pubsub-help
 */
export const pubsubHelp = defineCommand({
  name: "PUBSUB|HELP",
  group: "pubsub",
  arity: 2,
  flags: ["loading", "stale"],
  since: "6.2.0",
  summary: "Returns helpful text about the different subcommands.",
  complexity: "O(1)",
  parse: noArguments,
  run: () =>
    helpReply("PUBSUB", [
      "CHANNELS [<pattern>]",
      "    Return the currently active channels matching a <pattern> (default: '*').",
      "NUMPAT",
      "    Return number of subscriptions to patterns.",
      "NUMSUB [<channel> ...]",
      "    Return the number of subscribers for the specified channels, excluding",
      "    pattern subscriptions(default: no channels).",
      "SHARDCHANNELS [<pattern>]",
      "    Return the currently active shard level channels matching a <pattern> (default: '*').",
      "SHARDNUMSUB [<shardchannel> ...]",
      "    Return the number of subscribers for the specified shard level channel(s)",
    ]),
});
