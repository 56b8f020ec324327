/**
 * `createManagement()`: the management API client (management-api.md), every operation typed with
 * core's schemas and grouped by resource: `redis`, `teams`, `vector`, `search`, `queue`.
 */
import type { CallOptions } from "../redis/session.ts";
import { createTransport, type Transport } from "../transport/http-transport.ts";
import type { RetryOptions } from "../transport/retry.ts";
import { createManagementCaller } from "./caller.ts";
import { type EmulatorControl, emulatorControl } from "./emulator-control.ts";
import { type SearchIndexes, searchIndexes, type VectorIndexes, vectorIndexes } from "./indexes.ts";
import { type Queues, queues } from "./queues.ts";
import { type RedisDatabases, redisDatabases } from "./redis-databases.ts";
import { type Teams, teams } from "./teams.ts";

/** Options of {@link createManagement}. */
export interface ManagementOptions {
  /**
   * The API root, without `/v2` (the emulator's URL, or the service's `https://api.upstash.com`):
   * operations live under `/v2`, audit logs at the root (management-api.md §1).
   */
  readonly url: string;
  /** The account email, the Basic auth user. */
  readonly email: string;
  /** The API key, the Basic auth password. */
  readonly apiKey: string;
  /** Retries on network errors only; `false` disables them. @default { retries: 5 } */
  readonly retry?: RetryOptions | false;
  /** A deadline per request; none by default. */
  readonly timeoutMs?: number;
  /**
   * Read audit logs at `/auditlogs` (the service) instead of `/v2/auditlogs` (the emulator).
   * @default false
   */
  readonly auditLogsAtRoot?: boolean;
}

/** The management client. */
export interface Management extends AsyncDisposable {
  readonly redis: RedisDatabases;
  readonly teams: Teams;
  readonly vector: VectorIndexes;
  readonly search: SearchIndexes;
  /** QStash, named "queue" in our spec. */
  readonly queue: Queues;
  /** The emulator's control endpoint: fault rules and resets (Stratus only). */
  readonly control: EmulatorControl;
  /** The same client with a signal on every call. */
  with(options: CallOptions): Management;
  close(): Promise<void>;
}

function buildManagement(
  transport: Transport,
  options: ManagementOptions,
  call: CallOptions,
): Management {
  const caller = createManagementCaller(transport, options, call.signal);
  return {
    redis: redisDatabases(caller),
    teams: teams(caller),
    vector: vectorIndexes(caller),
    search: searchIndexes(caller),
    queue: queues(caller),
    control: emulatorControl(caller),
    with: (next) => buildManagement(transport, options, next),
    close: () => transport.close(),
    [Symbol.asyncDispose]: () => transport.close(),
  };
}

/**
 * Creates a management client over one keep-alive connection pool.
 *
 * @example
 * await using management = createManagement({ url: emu.url, email, apiKey });
 * const stats = await management.vector.stats(indexId, { period: "3h" });
 */
export function createManagement(options: ManagementOptions): Management {
  const transport = createTransport({
    url: options.url,
    retry: options.retry,
    timeoutMs: options.timeoutMs,
  });
  return buildManagement(transport, options, {});
}
