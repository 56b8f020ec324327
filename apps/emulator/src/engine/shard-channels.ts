/**
 * Shard channels (SSUBSCRIBE, SPUBLISH, PUBSUB SHARD*): Redis keeps them apart from ordinary
 * channels even on a standalone server (`server.pubsubshard_channels`), so PUBLISH does not reach
 * SSUBSCRIBE clients and SPUBLISH does not reach SUBSCRIBE or PSUBSCRIBE clients.
 *
 * `PubSub` has no shard namespace, so the registry lives here; the engine owns one
 * (`ctx.server.shardChannels`) and detaches a session's subscriptions when the session closes.
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

  /** Drops every subscription of `session`: the engine calls it when the session closes. */
  detach(session: Session): void {
    for (const channel of [...session.shardChannels]) {
      this.unsubscribe(session, channel);
    }
  }
}
