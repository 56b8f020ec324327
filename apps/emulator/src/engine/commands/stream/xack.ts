import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";
import { groupChanged } from "./_groups.ts";
import { lookupStream, streamIdArg } from "./_stream-arguments.ts";

/**
 * XACK key group id [id ...]: removes entries from the group's pending entries list; how many were
 * pending. A missing key or group acknowledges nothing.
 * @see https://redis.io/commands/xack
 */
export const xack = defineCommand({
  name: "XACK",
  group: "stream",
  arity: -4,
  flags: ["write", "fast"],
  categories: ["stream"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RW", "update"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "5.0.0",
  summary:
    "Returns the number of messages that were successfully acknowledged by the consumer group member of a stream.",
  complexity: "O(1) for each message ID processed.",
  parse: (args) => ({ key: args.key(), group: args.string(), ids: args.rest() }),
  run: (ctx, { key, group: name, ids }) => {
    const group = lookupStream(ctx, key)?.group(name);
    if (group === undefined) {
      return reply.integer(0);
    }
    // All or nothing: every ID is checked before the first is acknowledged.
    const parsed = ids.map((text) => streamIdArg(text).id);
    let acknowledged = 0;
    for (const id of parsed) {
      if (group.acknowledge(id)) {
        acknowledged++;
        groupChanged(ctx, key);
      }
    }
    return reply.integer(acknowledged);
  },
});
