/**
 * Routes a request by its URL prefix (kv-rest-wire.md §2.1: one port serves several databases):
 * `/v2/…` management, `/vector/{name}/…` a vector index, `/redis/{name}/…` a key-value database,
 * and everything else the default key-value database. No framework: this is the whole table.
 */
import type { KvDatabase } from "../kv/database.ts";
import { jsonError } from "./http-error.ts";
import { handleKvRequest } from "./routes/kv.ts";
import type { EmulatorRequest, EmulatorResponse, RequestHandler } from "./types.ts";

export interface RouterOptions {
  /** Key-value databases by name; `defaultDatabase` is also served at the root. */
  readonly kvDatabases: ReadonlyMap<string, KvDatabase>;
  readonly defaultDatabase: string;
  /** The management API, once built; answers 404 until then. */
  readonly management?: RequestHandler;
  /** Vector indexes by name, once built. */
  readonly vector?: (
    request: EmulatorRequest,
    route: { name: string; path: string },
  ) => Promise<EmulatorResponse>;
}

/**
 * A 404, not a 501: clients treat 5xx as the emulator failing (kv-rest-wire.md §8), and a part that
 * is not served is, for them, a path that does not exist.
 */
function notBuilt(what: string): EmulatorResponse {
  return jsonError(404, `ERR not available yet: the ${what} is still being built`);
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
function withPath(request: EmulatorRequest, path: string): EmulatorRequest {
  return {
    method: request.method,
    path,
    query: request.query,
    rawQuery: request.rawQuery,
    headers: request.headers,
    body: request.body,
    signal: request.signal,
    remoteAddress: request.remoteAddress,
  };
}

export function createRouter(options: RouterOptions): RequestHandler {
  return (request) => route(request, options);
}

function route(
  request: EmulatorRequest,
  options: RouterOptions,
): EmulatorResponse | Promise<EmulatorResponse> {
  const { path } = request;
  if (path === "/v2" || path.startsWith("/v2/")) {
    return options.management === undefined
      ? notBuilt("management API (/v2)")
      : options.management(request);
  }
  // management-api.md §1: the service serves audit logs at the root, without `/v2`. No Redis
  // command is named AUDITLOGS, so the key-value path form loses nothing.
  if (path === "/auditlogs" && options.management !== undefined) {
    return options.management(withPath(request, "/v2/auditlogs"));
  }
  if (path.startsWith("/vector/")) {
    return options.vector === undefined
      ? notBuilt("vector REST interface")
      : options.vector(request, splitNamed(path, 8));
  }
  if (path.startsWith("/redis/")) {
    const { name, path: rest } = splitNamed(path, 7);
    const database = options.kvDatabases.get(name);
    if (database === undefined) {
      return jsonError(404, `ERR no key-value database named '${name}'`);
    }
    return handleKvRequest(request, { database, path: rest });
  }
  const database = options.kvDatabases.get(options.defaultDatabase);
  if (database === undefined) {
    return jsonError(404, "ERR no default key-value database");
  }
  return handleKvRequest(request, { database, path });
}
