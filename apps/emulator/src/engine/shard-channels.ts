/**
 * Shard channels (SSUBSCRIBE, SPUBLISH, PUBSUB SHARD*): Redis keeps them apart from ordinary
 * channels even on a standalone server (`server.pubsubshard_channels`), so PUBLISH does not reach
 * SSUBSCRIBE clients and SPUBLISH does not reach SUBSCRIBE or PSUBSCRIBE clients.
 *
 * `PubSub` (engine-owned) has no shard namespace yet, so the registry lives here, one per engine.
 * The engine does not tell us when a session closes; subscriptions of sessions that are no longer
 * connected are dropped whenever the registry is used (`prune`).
 */
import { globMatch } from "./glob.ts";
import { type Reply, reply } from "./reply.ts";
import type { Session } from "./session.ts";

export class ShardChannels {
  readonly #channels = new Map<string, Set<Session>>();

  subscribe(session: Session, channel: string): void {
    if (session.shardChannels.has(channel)) {
      return;
    }
    session.shardChannels.add(channel);
    let sessions = this.#channels.get(channel);
    if (sessions === undefined) {
      sessions = new Set();
      this.#channels.set(channel, sessions);
    }
    sessions.add(session);
  }

  unsubscribe(session: Session, channel: string): boolean {
    if (!session.shardChannels.delete(channel)) {
      return false;
    }
    const sessions = this.#channels.get(channel);
    sessions?.delete(session);
    if (sessions?.size === 0) {
      this.#channels.delete(channel);
    }
    return true;
  }

  /** Delivers `["smessage", channel, message]`; the number of receivers. */
  publish(channel: string, message: string): number {
    const sessions = this.#channels.get(channel);
    if (sessions === undefined) {
      return 0;
    }
    const push: Reply = reply.array([
      reply.bulk("smessage"),
      reply.bulk(channel),
      reply.bulk(message),
    ]);
    for (const session of sessions) {
      session.push(push);
    }
    return sessions.size;
  }

  channels(pattern?: string): string[] {
    const names = [...this.#channels.keys()];
    return pattern === undefined ? names : names.filter((name) => globMatch(pattern, name));
  }

  numberOfSubscribers(channel: string): number {
    return this.#channels.get(channel)?.size ?? 0;
  }

  /** Drops the subscriptions of sessions that are not in `live` (closed connections). */
  prune(live: Iterable<Session>): void {
    if (this.#channels.size === 0) {
      return;
    }
    const connected = new Set(live);
    for (const [channel, sessions] of this.#channels) {
      for (const session of sessions) {
        if (!connected.has(session)) {
          sessions.delete(session);
          session.shardChannels.delete(channel);
        }
      }
      if (sessions.size === 0) {
        this.#channels.delete(channel);
      }
    }
  }
}

const registries = new WeakMap<object, ShardChannels>();

/** The shard-channel registry of an engine, pruned of closed sessions. */
export function shardChannelsOf(server: { sessions(): Iterable<Session> }): ShardChannels {
  let registry = registries.get(server);
  if (registry === undefined) {
    registry = new ShardChannels();
    registries.set(server, registry);
  }
  registry.prune(server.sessions());
  return registry;
}
