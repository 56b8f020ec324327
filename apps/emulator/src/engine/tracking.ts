/**
 * Server-assisted client-side caching (src/tracking.c): which clients read which keys, the
 * prefixes of broadcasting clients, and the invalidation messages a change sends them. Keys are
 * tracked by name across databases, as Redis does. Messages leave in a microtask, like Redis's
 * writes that reach the socket in `beforeSleep`: after the reply of the command that caused them,
 * and never inside another command's captured output (EXEC, multi-channel SUBSCRIBE).
 */
import { type Reply, reply } from "./reply.ts";
import type { Session } from "./session.ts";

/** A client's tracking mode (`CLIENT TRACKING on …`); see `Session.tracking`. */
export interface TrackingState {
  /** The client id invalidations go to; 0 when they go to the client itself. */
  redirect: number;
  isBroadcast: boolean;
  isOptIn: boolean;
  isOptOut: boolean;
  isNoLoop: boolean;
  /** `CLIENT CACHING yes|no` was given for the next command (OPTIN/OPTOUT). */
  isCachingGiven: boolean;
  /** The redirect target went away: shown as the `R` flag and `broken_redirect`. */
  isRedirectBroken: boolean;
  /** BCAST prefixes (the empty prefix when BCAST named none). */
  readonly prefixes: Set<string>;
}

export interface TrackingRequest {
  readonly redirect: number;
  readonly isBroadcast: boolean;
  readonly isOptIn: boolean;
  readonly isOptOut: boolean;
  readonly isNoLoop: boolean;
  readonly prefixes: readonly string[];
}

interface Broadcast {
  readonly sessions: Set<Session>;
  /** Keys changed since the last broadcast → the client that changed each last (none: expiry). */
  readonly keys: Map<string, Session | undefined>;
}

/** Where RESP2 clients receive redirected invalidations. */
export const INVALIDATE_CHANNEL = "__redis__:invalidate";

export class Tracking {
  /** Key → the ids of the clients that may cache it (src/tracking.c TrackingTable). */
  readonly #table = new Map<string, Set<number>>();
  /** Client id → the keys it is listed under, so a closing client leaves the table at once. */
  readonly #keysOf = new Map<number, Set<string>>();
  readonly #broadcasts = new Map<string, Broadcast>();
  readonly #lookup: (id: number) => Session | undefined;
  readonly #outbox: { readonly session: Session; readonly message: Reply }[] = [];
  #isFlushScheduled = false;
  /** Clients with tracking on (INFO's `tracking_clients`). */
  #clients = 0;

  constructor(lookup: (id: number) => Session | undefined) {
    this.#lookup = lookup;
  }

  get clientCount(): number {
    return this.#clients;
  }

  /** Whether a write may invalidate anything: some client tracks a key or a prefix. */
  get isTracking(): boolean {
    return this.#broadcasts.size > 0 || this.#table.size > 0;
  }

  /** INFO's `tracking_total_keys`. */
  get keyCount(): number {
    return this.#table.size;
  }

  /** INFO's `tracking_total_items`: (key, client) pairs. */
  get itemCount(): number {
    let items = 0;
    for (const ids of this.#table.values()) {
      items += ids.size;
    }
    return items;
  }

  /** INFO's `tracking_total_prefixes`. */
  get prefixCount(): number {
    return this.#broadcasts.size;
  }

  /** `enableTracking`: on, with the request's mode; BCAST prefixes add to those already set. */
  enable(session: Session, request: TrackingRequest): void {
    if (session.tracking === undefined) {
      this.#clients++;
    }
    const state: TrackingState = session.tracking ?? {
      redirect: 0,
      isBroadcast: false,
      isOptIn: false,
      isOptOut: false,
      isNoLoop: false,
      isCachingGiven: false,
      isRedirectBroken: false,
      prefixes: new Set(),
    };
    state.redirect = request.redirect;
    state.isRedirectBroken = false;
    state.isBroadcast = request.isBroadcast;
    state.isOptIn = request.isOptIn;
    state.isOptOut = request.isOptOut;
    state.isNoLoop = request.isNoLoop;
    session.tracking = state;
    if (request.isBroadcast) {
      for (const prefix of request.prefixes.length === 0 ? [""] : request.prefixes) {
        state.prefixes.add(prefix);
        let broadcast = this.#broadcasts.get(prefix);
        if (broadcast === undefined) {
          broadcast = { sessions: new Set(), keys: new Map() };
          this.#broadcasts.set(prefix, broadcast);
        }
        broadcast.sessions.add(session);
      }
    }
  }

  /**
   * `disableTracking`. The keys the client read stay listed, as in Redis: tracking turned on again
   * before they change still reports them.
   */
  disable(session: Session): void {
    const state = session.tracking;
    if (state === undefined) {
      return;
    }
    for (const prefix of state.prefixes) {
      const broadcast = this.#broadcasts.get(prefix);
      broadcast?.sessions.delete(session);
      if (broadcast?.sessions.size === 0) {
        this.#broadcasts.delete(prefix);
      }
    }
    session.tracking = undefined;
    this.#clients--;
  }

  /** A closing client: off, and out of the table. */
  forget(session: Session): void {
    this.disable(session);
    const keys = this.#keysOf.get(session.id);
    if (keys === undefined) {
      return;
    }
    this.#keysOf.delete(session.id);
    for (const key of keys) {
      const ids = this.#table.get(key);
      ids?.delete(session.id);
      if (ids?.size === 0) {
        this.#table.delete(key);
      }
    }
  }

  /**
   * `trackingRememberKeys`: the keys a read-only command of `client` read, unless OPTIN without
   * `CLIENT CACHING yes` or OPTOUT with `CLIENT CACHING no`.
   */
  remember(client: Session, keys: readonly string[]): void {
    const state = client.tracking;
    if (
      state === undefined ||
      state.isBroadcast ||
      (state.isOptIn && !state.isCachingGiven) ||
      (state.isOptOut && state.isCachingGiven)
    ) {
      return;
    }
    let mine = this.#keysOf.get(client.id);
    if (mine === undefined) {
      mine = new Set();
      this.#keysOf.set(client.id, mine);
    }
    for (const key of keys) {
      let ids = this.#table.get(key);
      if (ids === undefined) {
        ids = new Set();
        this.#table.set(key, ids);
      }
      ids.add(client.id);
      mine.add(key);
    }
  }

  /**
   * `trackingInvalidateKey`: `key` changed. Clients that read it are told (one message per key) and
   * the key leaves the table; broadcasting clients hear of it in the next batch. `current` is the
   * client whose command runs (NOLOOP skips it); `changedBy` the one that changed the key (none for
   * expiry).
   */
  invalidate(key: string, clients: { current?: Session; changedBy?: Session }): void {
    if (this.#broadcasts.size === 0 && this.#table.size === 0) {
      // No client tracks anything: the common case, on every write.
      return;
    }
    for (const [prefix, broadcast] of this.#broadcasts) {
      if (key.startsWith(prefix)) {
        broadcast.keys.set(key, clients.changedBy);
        this.#scheduleFlush();
      }
    }
    const ids = this.#table.get(key);
    if (ids === undefined) {
      return;
    }
    this.#table.delete(key);
    for (const id of ids) {
      this.#keysOf.get(id)?.delete(key);
      const target = this.#lookup(id);
      const state = target?.tracking;
      if (
        target === undefined ||
        state === undefined ||
        state.isBroadcast ||
        (state.isNoLoop && target === clients.current)
      ) {
        continue;
      }
      this.#send(target, reply.bulks([key]));
    }
  }

  /**
   * `trackingInvalidateKeysOnFlush`: FLUSHDB/FLUSHALL tell every tracking client (a null
   * invalidation, NOLOOP or not) and empty the table.
   */
  invalidateAll(sessions: Iterable<Session>): void {
    for (const session of sessions) {
      if (session.tracking !== undefined) {
        this.#send(session, reply.null());
      }
    }
    this.#table.clear();
    this.#keysOf.clear();
  }

  /**
   * `sendTrackingMessage`: to the client itself under RESP3, or to its redirect target (RESP3, or
   * RESP2 subscribed to anything: a message on `__redis__:invalidate`). A redirect target that is
   * gone marks the redirect broken and tells a RESP3 client `tracking-redir-broken`.
   */
  #send(client: Session, keys: Reply): void {
    const state = client.tracking;
    if (state === undefined) {
      return;
    }
    let target = client;
    if (state.redirect !== 0) {
      const redirected = this.#lookup(state.redirect);
      if (redirected === undefined) {
        state.isRedirectBroken = true;
        if (client.protocol === 3) {
          this.#post(client, [reply.bulk("tracking-redir-broken"), reply.integer(state.redirect)]);
        }
        return;
      }
      target = redirected;
    }
    if (target.protocol === 3) {
      this.#post(target, [reply.bulk("invalidate"), keys]);
    } else if (target !== client && isSubscribed(target)) {
      this.#post(target, [reply.bulk("message"), reply.bulk(INVALIDATE_CHANNEL), keys]);
    }
  }

  #post(session: Session, items: Reply[]): void {
    this.#outbox.push({ session, message: reply.array(items) });
    this.#scheduleFlush();
  }

  #scheduleFlush(): void {
    if (this.#isFlushScheduled) {
      return;
    }
    this.#isFlushScheduled = true;
    queueMicrotask(() => this.#flush());
  }

  /** `trackingBroadcastInvalidationMessages`, then every message in the order it was posted. */
  #flush(): void {
    for (const broadcast of this.#broadcasts.values()) {
      if (broadcast.keys.size === 0) {
        continue;
      }
      // Redis keeps them in a radix tree: byte order (binary strings compare by byte).
      const changed = [...broadcast.keys].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      broadcast.keys.clear();
      for (const session of broadcast.sessions) {
        const keys = changed
          .filter(
            ([, changedBy]) => !(session.tracking?.isNoLoop === true && changedBy === session),
          )
          .map(([key]) => key);
        if (keys.length > 0) {
          this.#send(session, reply.bulks(keys));
        }
      }
    }
    this.#isFlushScheduled = false;
    const messages = this.#outbox.splice(0);
    for (const { session, message } of messages) {
      if (this.#lookup(session.id) === session) {
        session.push(message);
      }
    }
  }
}

function isSubscribed(session: Session): boolean {
  return session.subscriptionCount > 0 || session.shardChannels.size > 0;
}
