/**
 * Channels and patterns (src/pubsub.c). Messages go to each subscribed session's push sink as
 * the RESP arrays Redis sends: `message`, `pmessage`, and the (un)subscribe confirmations.
 */
import type { PubSubApi } from "./commands/context.ts";
import { globMatch } from "./glob.ts";
import { type Reply, reply } from "./reply.ts";
import type { Session } from "./session.ts";

export class PubSub implements PubSubApi {
  readonly #channels = new Map<string, Set<Session>>();
  readonly #patterns = new Map<string, Set<Session>>();

  publish(channel: string, message: string): number {
    let receivers = 0;
    const subscribers = this.#channels.get(channel);
    if (subscribers !== undefined) {
      const push: Reply = reply.array([
        reply.bulk("message"),
        reply.bulk(channel),
        reply.bulk(message),
      ]);
      for (const session of subscribers) {
        session.push(push);
        receivers++;
      }
    }
    for (const [pattern, sessions] of this.#patterns) {
      if (!globMatch(pattern, channel)) {
        continue;
      }
      const push = reply.array([
        reply.bulk("pmessage"),
        reply.bulk(pattern),
        reply.bulk(channel),
        reply.bulk(message),
      ]);
      for (const session of sessions) {
        session.push(push);
        receivers++;
      }
    }
    return receivers;
  }

  channels(pattern?: string): string[] {
    const names = [...this.#channels.keys()];
    return pattern === undefined ? names : names.filter((name) => globMatch(pattern, name));
  }

  numberOfSubscribers(channel: string): number {
    return this.#channels.get(channel)?.size ?? 0;
  }

  numberOfPatterns(): number {
    return this.#patterns.size;
  }

  subscribe(session: Session, channel: string): void {
    if (!session.channels.has(channel)) {
      session.channels.add(channel);
      addTo(this.#channels, channel, session);
    }
  }

  unsubscribe(session: Session, channel: string): boolean {
    if (!session.channels.delete(channel)) {
      return false;
    }
    removeFrom(this.#channels, channel, session);
    return true;
  }

  psubscribe(session: Session, pattern: string): void {
    if (!session.patterns.has(pattern)) {
      session.patterns.add(pattern);
      addTo(this.#patterns, pattern, session);
    }
  }

  punsubscribe(session: Session, pattern: string): boolean {
    if (!session.patterns.delete(pattern)) {
      return false;
    }
    removeFrom(this.#patterns, pattern, session);
    return true;
  }

  /** Drops every subscription of a session that went away. */
  detach(session: Session): void {
    for (const channel of [...session.channels]) {
      this.unsubscribe(session, channel);
    }
    for (const pattern of [...session.patterns]) {
      this.punsubscribe(session, pattern);
    }
  }
}

function addTo(index: Map<string, Set<Session>>, name: string, session: Session): void {
  let sessions = index.get(name);
  if (sessions === undefined) {
    sessions = new Set();
    index.set(name, sessions);
  }
  sessions.add(session);
}

function removeFrom(index: Map<string, Set<Session>>, name: string, session: Session): void {
  const sessions = index.get(name);
  sessions?.delete(session);
  if (sessions?.size === 0) {
    index.delete(name);
  }
}
