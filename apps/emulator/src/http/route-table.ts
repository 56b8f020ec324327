/**
 * A route table without a framework (STYLE.md §7.7; miniflare `router.worker.ts`): entries of
 * `{ method, pattern }`, where a pattern is `/`-separated segments and `{name}` matches one
 * non-empty segment. The first entry that matches wins, so a table lists literal segments before
 * parameters (`/vector/index/stats` before `/vector/index/{id}`). A path that only other methods
 * serve is a 405 with those methods; a path nothing serves is a 404. The management API uses it,
 * and so can every product whose paths are a fixed set of operations (search, queues).
 */
import { HttpError } from "./http-error.ts";

/** What the table needs of a route; the route's own fields (its handler…) ride along. */
export interface RouteEntry {
  readonly method: string;
  /** Segments from the table's root, e.g. `/search/{id}/stats`. */
  readonly pattern: string;
}

/** The route for a request, or why there is none. */
export type RouteLookup<TRoute extends RouteEntry> =
  | {
      readonly kind: "found";
      readonly route: TRoute;
      /** The pattern's `{name}` segments, percent-decoded. */
      readonly params: Readonly<Record<string, string>>;
    }
  /** The path exists under other methods: a 405 naming them, in table order. */
  | { readonly kind: "method-not-allowed"; readonly allowed: readonly string[] }
  | { readonly kind: "not-found" };

interface CompiledRoute<TRoute> {
  readonly route: TRoute;
  readonly parts: readonly string[];
}

export class RouteTable<TRoute extends RouteEntry> {
  readonly #routes: readonly CompiledRoute<TRoute>[];

  constructor(routes: readonly TRoute[]) {
    this.#routes = routes.map((route) => ({ route, parts: route.pattern.split("/").slice(1) }));
  }

  /**
   * The route for `method` at `path` (from the table's root, still percent-encoded). HEAD matches
   * GET routes: `handler.ts` answers it as GET, without the body.
   * @throws {HttpError} 400 for a segment that is not valid percent-encoding.
   */
  lookup({ method, path }: { method: string; path: string }): RouteLookup<TRoute> {
    const segments = path.split("/").slice(1).map(decodeSegment);
    const wanted = method === "HEAD" ? "GET" : method;
    const allowed = new Set<string>();
    for (const { route, parts } of this.#routes) {
      const params = match(parts, segments);
      if (params === undefined) {
        continue;
      }
      if (route.method === wanted) {
        return { kind: "found", route, params };
      }
      allowed.add(route.method);
    }
    return allowed.size > 0
      ? { kind: "method-not-allowed", allowed: [...allowed] }
      : { kind: "not-found" };
  }
}

/** Path parameters of a pattern's `parts` in `segments`, or undefined when it does not match. */
function match(
  parts: readonly string[],
  segments: readonly string[],
): Record<string, string> | undefined {
  if (parts.length !== segments.length) {
    return undefined;
  }
  const params: Record<string, string> = {};
  for (const [index, part] of parts.entries()) {
    const segment = segments[index] ?? "";
    if (part.startsWith("{")) {
      if (segment === "") {
        return undefined;
      }
      params[part.slice(1, -1)] = segment;
    } else if (part !== segment) {
      return undefined;
    }
  }
  return params;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new HttpError(400, `Invalid percent-encoding in path segment '${segment}'`);
  }
}
