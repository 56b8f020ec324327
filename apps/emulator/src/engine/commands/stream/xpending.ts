import { asciiUpper } from "../../bytes.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { type Reply, reply } from "../../reply.ts";
import { type Counter, formatStreamId, type StreamId } from "../../values/stream.ts";
import { defineCommand } from "../define.ts";
import { intervalArg, longLongArg, lookupStream, toCount } from "./_stream-arguments.ts";

interface PendingRange {
  readonly minIdle: Counter;
  readonly from: StreamId;
  readonly to: StreamId;
  readonly count: number;
  readonly consumer: string | undefined;
}

/**
 * The extended form's arguments, checked before the key (xpendingCommand): `[IDLE ms] start end
 * count [consumer]`. Like Redis, an argument after the consumer is ignored.
 */
function parseRange(argv: readonly string[]): PendingRange | undefined {
  if (argv.length === 3) {
    return undefined;
  }
  if (argv.length < 6 || argv.length > 9) {
    throw new ReplyError(ERR.SYNTAX);
  }
  let at = 3;
  let minIdle: Counter = 0;
  if (asciiUpper(argv[3] as string) === "IDLE") {
    minIdle = longLongArg(argv[4]);
    if (argv.length < 8) {
      throw new ReplyError(ERR.SYNTAX);
    }
    at += 2;
  }
  const count = Math.max(0, toCount(longLongArg(argv[at + 2])));
  const from = intervalArg(argv[at] as string, "start");
  const to = intervalArg(argv[at + 1] as string, "end");
  return { minIdle, from, to, count, consumer: argv[at + 3] };
}

/**
 * XPENDING key group [[IDLE min-idle-time] start end count [consumer]]: the group's pending
 * entries, as a summary (count, smallest and largest ID, count per consumer) or one by one (ID,
 * owner, idle ms, deliveries).
 * @see https://redis.io/commands/xpending
 */
export const xpending = defineCommand({
  name: "XPENDING",
  group: "stream",
  arity: -3,
  flags: ["readonly"],
  categories: ["stream"],
  keys: { first: 1, last: 1, step: 1 },
  keySpecs: [
    {
      flags: ["RO", "access"],
      beginSearch: { index: 1 },
      findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
    },
  ],
  since: "5.0.0",
  summary:
    "Returns the information and entries from a stream consumer group's pending entries list.",
  complexity:
    "O(N) with N being the number of elements returned, so asking for a small fixed number of entries per call is O(1). O(M), where M is the total number of entries scanned when used with the IDLE filter. When the command returns just the summary and the list of consumers is small, it runs in O(1) time; otherwise, an additional O(N) time for iterating every consumer.",
  parse: (args) => ({ key: args.key(), group: args.string(), rest: args.rest() }),
  run: (ctx, { key, group: name }) => {
    const range = parseRange(ctx.argv);
    const group = lookupStream(ctx, key)?.group(name);
    if (group === undefined) {
      throw new ReplyError(ERR.STREAM_NOGROUP(key, name));
    }
    if (range === undefined) {
      const first = group.pel.first();
      const last = group.pel.last();
      if (first === undefined || last === undefined) {
        return reply.array([reply.integer(0), reply.null(), reply.null(), reply.nullArray()]);
      }
      const owners: Reply[] = [];
      for (const consumer of group.sortedConsumers()) {
        if (consumer.pel.size > 0) {
          owners.push(reply.bulks([consumer.name, String(consumer.pel.size)]));
        }
      }
      return reply.array([
        reply.integer(group.pel.size),
        reply.bulk(formatStreamId(first)),
        reply.bulk(formatStreamId(last)),
        reply.array(owners),
      ]);
    }
    const pel = range.consumer === undefined ? group.pel : group.consumers.get(range.consumer)?.pel;
    const items: Reply[] = [];
    if (pel === undefined || range.count === 0) {
      return reply.array(items);
    }
    pel.scan({ from: range.from, to: range.to }, (id, pending) => {
      const idle = Math.max(0, ctx.now - pending.deliveryTime);
      if (range.minIdle !== 0 && idle < range.minIdle) {
        return true;
      }
      items.push(
        reply.array([
          reply.bulk(formatStreamId(id)),
          reply.bulk(pending.consumer.name),
          reply.integer(idle),
          reply.integer(pending.deliveryCount),
        ]),
      );
      return items.length < range.count;
    });
    return reply.array(items);
  },
});
