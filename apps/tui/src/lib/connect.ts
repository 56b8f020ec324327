/**
 * Builds {@link Services} from the options with `@stratus/client`: the only place the TUI creates
 * clients. A service without credentials becomes a `missing` connection, which its screens explain.
 */
import {
  createKv,
  createManagement,
  createQueue,
  createSearch,
  createVector,
  type Management,
} from "@stratus/client";
import type { QStashUser, SearchIndex } from "@stratus/core/schemas";
import type { CliOptions } from "./options.ts";
import { loadQueueOverview, type QueueOverview } from "./queue-overview.ts";
import {
  type Connection,
  type ManagementService,
  type Services,
  ServiceTargets,
  type VectorService,
} from "./services.ts";

/** A screen must not hang on a dead server: requests give up after this long. */
const REQUEST_TIMEOUT_MS = 10_000;

/** Network retries: a few, quickly, so an unreachable server is reported in about a second. */
const RETRY = { retries: 2 } as const;

/**
 * `--management-url` names the `/v2` base (management-api.md §1); the client wants the API root,
 * as it also serves `/auditlogs` there.
 */
export function managementRoot(url: string): string {
  return url.replace(/\/+$/, "").replace(/\/v2$/, "");
}

/**
 * A search database's REST URL: its record's `endpoint` (a host and path, no scheme) with the
 * management API's scheme, as the service's records give `endpoint` and clients prepend `https://`.
 */
export function searchRestUrl(database: SearchIndex, managementUrl: string): string {
  const scheme = new URL(managementUrl).protocol;
  return `${scheme}//${database.endpoint ?? ""}`;
}

/** Runs `use` with a search client for `database`, closed afterwards. */
async function withSearch<TResult>(
  database: SearchIndex,
  managementUrl: string,
  use: (client: ReturnType<typeof createSearch>) => Promise<TResult>,
): Promise<TResult> {
  const client = createSearch({
    url: searchRestUrl(database, managementUrl),
    token: database.token ?? "",
    retry: RETRY,
    timeoutMs: REQUEST_TIMEOUT_MS,
  });
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}

/** A queue instance's overview through a client for its record's URL and token, closed after. */
async function queueOverview(queue: QStashUser): Promise<QueueOverview> {
  if (queue.rest_url === undefined || queue.token === undefined) {
    throw new Error(`queue instance ${queue.id} has no rest_url or token in its record`);
  }
  const client = createQueue({
    url: queue.rest_url,
    token: queue.token,
    retry: RETRY,
    timeoutMs: REQUEST_TIMEOUT_MS,
  });
  try {
    return await loadQueueOverview(client);
  } finally {
    await client.close();
  }
}

/** The management operations the screens use, over the client. */
export function managementService(
  management: Management,
  managementUrl: string,
): ManagementService {
  return {
    searchDocumentCount: (database) =>
      withSearch(database, managementUrl, async (client) => (await client.info()).documentCount),
    searchQuery: (database, request) =>
      withSearch(database, managementUrl, (client) =>
        client.index(request.index).search({ query: request.query, limit: request.limit }),
      ),
    listDatabases: () => management.redis.list(),
    listVectorIndexes: () => management.vector.list(),
    listSearchIndexes: () => management.search.list(),
    listQueues: () => management.queue.list(),
    queueOverview,
    listTeams: () => management.teams.list(),
    faults: () => management.control.faults(),
    databaseStats: (id, period) => management.redis.stats(id, { period }),
    vectorIndexStats: (id, period) => management.vector.stats(id, { period }),
    searchIndexStats: (id, period) => management.search.stats(id, { period }),
  };
}

export function createServices(options: CliOptions): Services {
  const closers: (() => Promise<void>)[] = [];
  const kvTarget = ServiceTargets.kv(options.kvUrl);
  let kv: Services["kv"] = { kind: "missing", target: kvTarget };
  if (options.kvToken !== undefined) {
    const client = createKv({
      url: options.kvUrl,
      token: options.kvToken,
      retry: RETRY,
      timeoutMs: REQUEST_TIMEOUT_MS,
    });
    closers.push(() => client.close());
    kv = { kind: "ready", client, target: kvTarget };
  }
  const managementTarget = ServiceTargets.management(options.managementUrl);
  let management: Connection<ManagementService> = { kind: "missing", target: managementTarget };
  if (options.email !== undefined && options.apiKey !== undefined) {
    const client = createManagement({
      url: managementRoot(options.managementUrl),
      email: options.email,
      apiKey: options.apiKey,
      retry: RETRY,
      timeoutMs: REQUEST_TIMEOUT_MS,
    });
    closers.push(() => client.close());
    management = {
      kind: "ready",
      client: managementService(client, options.managementUrl),
      target: managementTarget,
    };
  }
  const vectorTarget = ServiceTargets.vector(options.vectorUrl);
  let vector: Connection<VectorService> = { kind: "missing", target: vectorTarget };
  if (options.vectorToken !== undefined) {
    const client = createVector({
      url: options.vectorUrl,
      token: options.vectorToken,
      retry: RETRY,
      timeoutMs: REQUEST_TIMEOUT_MS,
    });
    closers.push(() => client.close());
    vector = { kind: "ready", client: { info: () => client.info() }, target: vectorTarget };
  }
  return {
    kv,
    management,
    vector,
    close: async () => {
      await Promise.allSettled(closers.map((close) => close()));
    },
  };
}
