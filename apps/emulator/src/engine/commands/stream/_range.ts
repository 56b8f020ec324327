/** XRANGE and XREVRANGE: one implementation. */
import { asciiUpper } from "../../bytes.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { type Reply, reply } from "../../reply.ts";
import type { CommandContext } from "../context.ts";
import { rangeReply } from "./_replies.ts";
import { intervalArg, longLongArg, lookupStream, toCount } from "./_stream-arguments.ts";

/**
 * `xrangeGenericCommand`: both ends are checked first, then COUNT (negative counts as 0, and COUNT 0
 * answers a null array), then the key.
 */
export function xrange(
  ctx: CommandContext,
  request: {
    key: string;
    start: string;
    end: string;
    options: readonly string[];
    reverse: boolean;
  },
): Reply {
  const from = intervalArg(request.start, "start");
  const to = intervalArg(request.end, "end");
  let count = -1;
  const { options } = request;
  for (let at = 0; at < options.length; at++) {
    if (asciiUpper(options[at] as string) === "COUNT" && at + 1 < options.length) {
      count = Math.max(0, toCount(longLongArg(options[at + 1])));
      at++;
    } else {
      throw new ReplyError(ERR.SYNTAX);
    }
  }
  const stream = lookupStream(ctx, request.key);
  if (stream === undefined) {
    return reply.array([]);
  }
  if (count === 0) {
    return reply.nullArray();
  }
  return rangeReply(stream, { from, to, reverse: request.reverse, count: Math.max(count, 0) });
}
