/**
 * Routes a request by its URL prefix (kv-rest-wire.md §2.1: one port serves several databases):
 * `/v2/…` management, `/vector/{name}/…` a vector index, `/search/{name}/…` a search database,
 * `/qstash/v2/…` the queue API (the token picks the queue instance), `/redis/{name}/…` a key-value
 * database, and everything else the default key-value database. No framework: this is the whole table.
 */
import type { KvDatabase } from "../kv/database.ts";
import { jsonError } from "./http-error.ts";
import { isControlPath } from "./routes/control.ts";
import { admitKvRequest } from "./routes/kv.ts";
import type { QueueRouteHandler } from "./routes/queues.ts";
import type { SearchRouteHandler } from "./routes/search.ts";
import type { VectorRouteHandler } from "./routes/vector.ts";
import type { Admission, EmulatorRequestHead, HttpService } from "./types.ts";

export interface RouterOptions {
  /** Key-value databases by name; `defaultDatabase` is also served at the root. */
  readonly kvDatabases: ReadonlyMap<string, KvDatabase>;
  readonly defaultDatabase: string;
  /** The management API; answers 404 when not served (`--workers`). */
  readonly management?: HttpService;
  /** Vector indexes by name (`createVectorRoute`); 404 when not served. */
  readonly vector?: VectorRouteHandler;
  /** Search databases by name (`createSearchRoute`); 404 when not served. */
  readonly search?: SearchRouteHandler;
  /** The queue API at `/qstash/v2/…` (`createQueueRoute`); 404 when not served. */
  readonly queues?: QueueRouteHandler;
  /** The control endpoint (`routes/control.ts`): reset, seed and faults. */
  readonly control?: HttpService;
}

/**
 * A 404, not a 501: clients treat 5xx as the emulator failing (kv-rest-wire.md §8), and a part that
 * is not served is, for them, a path that does not exist. Callers give their own text where they
 * know why (`--workers`).
 */
function notServed(what: string): Admission {
  return { answer: jsonError(404, `ERR not served here: the ${what}`) };
}

/** Splits `/prefix/name/rest…` into the name and the rest (`/` when empty). */
function splitNamed(path: string, prefixLength: number): { name: string; path: string } {
  const rest = path.slice(prefixLength);
  const slash = rest.indexOf("/");
  const name = decodeURIComponentSafe(slash === -1 ? rest : rest.slice(0, slash));
  return { name, path: slash === -1 ? "/" : rest.slice(slash) };
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The same request at another path; fields are copied, since requests may be class instances. */
function withPath(request: EmulatorRequestHead, path: string): EmulatorRequestHead {
  return {
    method: request.method,
    path,
    query: request.query,
    rawQuery: request.rawQuery,
    headers: request.headers,
    signal: request.signal,
    remoteAddress: request.remoteAddress,
  };
}

export function createRouter(options: RouterOptions): HttpService {
  return { admit: (head) => route(head, options) };
}

function route(request: EmulatorRequestHead, options: RouterOptions): Admission {
  const { path } = request;
  if (options.control !== undefined && isControlPath(path)) {
    return options.control.admit(request);
  }
  if (path === "/v2" || path.startsWith("/v2/")) {
    return options.management === undefined
      ? notServed("management API (/v2)")
      : options.management.admit(request);
  }
  // management-api.md §1: the service serves audit logs at the root, without `/v2`. No Redis
  // command is named AUDITLOGS, so the key-value path form loses nothing.
  if (path === "/auditlogs" && options.management !== undefined) {
    return options.management.admit(withPath(request, "/v2/auditlogs"));
  }
  if (path.startsWith("/vector/")) {
    return options.vector === undefined
      ? notServed("vector REST interface")
      : options.vector(request, splitNamed(path, 8));
  }
  if (path.startsWith("/search/")) {
    return options.search === undefined
      ? notServed("search REST interface")
      : options.search(request, splitNamed(path, 8));
  }
  if (path === "/qstash" || path.startsWith("/qstash/")) {
    return options.queues === undefined
      ? notServed("queue API (/qstash)")
      : options.queues(request, path.slice("/qstash".length));
  }
  if (path.startsWith("/redis/")) {
    const { name, path: rest } = splitNamed(path, 7);
    const database = options.kvDatabases.get(name);
    if (database === undefined) {
      return { answer: jsonError(404, `ERR no key-value database named '${name}'`) };
    }
    return admitKvRequest(request, { database, path: rest });
  }
  const database = options.kvDatabases.get(options.defaultDatabase);
  if (database === undefined) {
    return { answer: jsonError(404, "ERR no default key-value database") };
  }
  return admitKvRequest(request, { database, path });
}
