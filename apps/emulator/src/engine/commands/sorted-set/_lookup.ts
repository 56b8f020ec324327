import { type Reply, reply } from "../../reply.ts";
import {
  formatScore,
  type SortedSet,
  type SortedSetLimits,
  sortedSetLimits,
} from "../../values/sorted-set.ts";
import type { CommandContext } from "../context.ts";

/** The sorted set at `key` (WRONGTYPE for another type), or undefined. */
export function lookupSortedSet(ctx: CommandContext, key: string): SortedSet | undefined {
  return ctx.db.getContainer(key, "zset");
}

/** Removes `key` once its set is empty, announcing `del` as Redis does after removals. */
export function deleteIfEmpty(ctx: CommandContext, key: string, set: SortedSet): void {
  if (set.isEmpty()) {
    ctx.db.delete(key);
    ctx.notify("del", key, "g");
  }
}

/** A score as a bulk string (`addReplyDouble`). */
export function scoreReply(score: number): Reply {
  return reply.bulk(formatScore(score));
}

/** Members, each followed by its score when `withScores` (RESP2's flat WITHSCORES layout). */
export function entriesReply(
  entries: readonly (readonly [string, number])[],
  withScores: boolean,
): Reply {
  const items: Reply[] = [];
  for (const [member, score] of entries) {
    items.push(reply.bulk(member));
    if (withScores) {
      items.push(scoreReply(score));
    }
  }
  return reply.array(items);
}

/**
 * Replaces `destination` with `result` for the *STORE commands (`setKey`, which clears any TTL),
 * announcing `event`; an empty result deletes the destination instead. Answers the stored size.
 */
export function storeResult(
  ctx: CommandContext,
  store: { readonly destination: string; readonly result: SortedSet; readonly event: string },
): Reply {
  const { destination, result } = store;
  if (result.isEmpty()) {
    if (ctx.db.delete(destination)) {
      ctx.modified(destination, "del", "g");
    }
    return reply.integer(0);
  }
  ctx.db.set(destination, result);
  ctx.modified(destination, store.event, "z");
  return reply.integer(result.size);
}

/** The current listpack limits, for commands building sets. */
export function limitsOf(ctx: CommandContext): SortedSetLimits {
  return sortedSetLimits(ctx.server.config);
}
