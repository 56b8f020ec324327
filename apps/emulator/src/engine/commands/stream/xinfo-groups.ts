import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";
import { groupInfoHead } from "./_groups.ts";
import { lookupStream } from "./_stream-arguments.ts";

/**
 * XINFO GROUPS key: per group, its name, consumer and pending counts, last delivered ID,
 * `entries-read` and `lag` (Redis 7; nil when they cannot be known).
 * @see https://redis.io/commands/xinfo-groups
 */
export const xinfoGroups = defineCommand({
  name: "XINFO|GROUPS",
  group: "stream",
  arity: 3,
  resp3: "maps",
  flags: ["readonly"],
  categories: ["stream"],
  keys: { first: 2, last: 2, step: 1 },
  keySpecs: [
    {
      flags: ["RO", "access"],
      beginSearch: { index: 2 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "5.0.0",
  summary: "Returns a list of the consumer groups of a stream.",
  complexity: "O(1)",
  parse: (args) => ({ key: args.key() }),
  run: (ctx, { key }) => {
    const stream = lookupStream(ctx, key);
    if (stream === undefined) {
      throw new ReplyError(ERR.NO_SUCH_KEY);
    }
    return reply.array(
      stream.sortedGroups().map((group) => {
        const [name, lastId, entriesRead, lag] = groupInfoHead(stream, group);
        return reply.array([
          ...name,
          reply.bulk("consumers"),
          reply.integer(group.consumers.size),
          reply.bulk("pending"),
          reply.integer(group.pel.size),
          ...lastId,
          ...entriesRead,
          ...lag,
        ]);
      }),
    );
  },
});
