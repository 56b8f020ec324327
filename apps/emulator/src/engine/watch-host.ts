/**
 * WATCH and UNWATCH as commands. The engine implements `watch`/`unwatch`, but `ServerApi` (what a
 * command sees) does not declare them yet, so this narrows `ctx.server` at runtime.
 */
import type { ServerApi } from "./commands/context.ts";
import type { Session } from "./session.ts";

export interface WatchHost {
  watch(session: Session, keys: readonly string[]): void;
  unwatch(session: Session): void;
}

function isWatchHost(server: ServerApi): server is ServerApi & WatchHost {
  const candidate = server as Partial<WatchHost>;
  return typeof candidate.watch === "function" && typeof candidate.unwatch === "function";
}

/** The server's WATCH bookkeeping; throws (an internal error) if the server has none. */
export function watchHostOf(server: ServerApi): WatchHost {
  if (!isWatchHost(server)) {
    throw new Error("the server does not implement WATCH");
  }
  return server;
}
