/**
 * SUBSCRIBE and friends answer with one confirmation per channel (`[kind, channel, count]`, pushed
 * like messages). A command returns a single reply, so the commands push all confirmations but the
 * last and return the last one: on the wire the client sees exactly Redis's sequence.
 */
import type { CommandContext } from "./commands/context.ts";
import { type Reply, reply } from "./reply.ts";

/** One subscription change: the channel (undefined for "nothing to unsubscribe") and the new count. */
export interface Confirmation {
  readonly channel: string | undefined;
  readonly count: number;
}

/** Pushes every confirmation but the last through the session and returns the last. */
export function confirmSubscriptions(
  ctx: CommandContext,
  kind: string,
  confirmations: readonly Confirmation[],
): Reply {
  const replies = confirmations.map(({ channel, count }) =>
    reply.array([reply.bulk(kind), reply.bulkOrNull(channel), reply.integer(count)]),
  );
  const last = replies.pop() ?? reply.array([reply.bulk(kind), reply.null(), reply.integer(0)]);
  for (const message of replies) {
    ctx.session.push(message);
  }
  return last;
}

/**
 * The confirmations of an unsubscribe-style command: each named channel (subscribed or not), or,
 * without names, each current subscription; with none at all, a single `[kind, nil, count]`.
 */
export function unsubscribeEach(
  names: readonly string[],
  subscription: {
    readonly current: () => readonly string[];
    readonly remove: (name: string) => void;
    readonly count: () => number;
  },
): Confirmation[] {
  const targets = names.length > 0 ? names : subscription.current();
  if (targets.length === 0) {
    return [{ channel: undefined, count: subscription.count() }];
  }
  return targets.map((name) => {
    subscription.remove(name);
    return { channel: name, count: subscription.count() };
  });
}
