/**
 * The management API at `/v2` (`spec/management-api.md`): HTTP basic auth, then one table of
 * `{ method, pattern, handler }` routes, literal segments before parameters (§1 routing traps).
 * Routes are thin: parse the body or query with a core schema, call the service, encode.
 * Errors are `{"error": "..."}` (§8): 400 naming the field, 401, 404, 405.
 */
import { parseBasicAuth } from "@stratus/core/auth";
import {
  AddTeamMemberBodySchema,
  ChangePlanBodySchema,
  CreateDatabaseBodySchema,
  CreateSearchIndexBodySchema,
  CreateTeamBodySchema,
  CreateVectorIndexBodySchema,
  DeleteTeamMemberBodySchema,
  formatZodIssue,
  MoveDatabaseToTeamBodySchema,
  QStashMoveToTeamBodySchema,
  QStashSetPlanBodySchema,
  QueueBudgetBodySchema,
  QueueMoveToTeamBodySchema,
  RenameBodySchema,
  RestoreBackupBodySchema,
  StatsQuerySchema,
  TransferBodySchema,
  UpdateAllowlistBodySchema,
  UpdateRegionsBodySchema,
  VectorSetPlanBodySchema,
} from "@stratus/core/schemas";
import type { z } from "zod";
import { ManagementError } from "../../management/errors.ts";
import type { DatabaseFlag, ManagementService } from "../../management/service.ts";
import { HttpError, jsonError, jsonResponse } from "../http-error.ts";
import type { EmulatorRequest, RequestHandler } from "../types.ts";

/** What a route handler gets: the request, path parameters and the service. */
interface RouteContext {
  readonly request: EmulatorRequest;
  readonly params: Readonly<Record<string, string>>;
  readonly service: ManagementService;
}

interface Route {
  readonly method: "GET" | "POST" | "PATCH" | "DELETE";
  /** Segments below `/v2`; `{name}` matches one segment. */
  readonly pattern: string;
  readonly handler: (context: RouteContext) => unknown;
  /** `GET /qstash/ipv4` is the one operation without auth (§1). */
  readonly isPublic?: boolean;
}

/** Egress addresses the service publishes (`GET /qstash/ipv4`); the emulator's are loopback. */
const QSTASH_IPV4 = ["127.0.0.1/32"];

/** Parses the JSON body with `schema`; 400 naming the field on failure. */
function body<TSchema extends z.ZodType>(
  request: EmulatorRequest,
  schema: TSchema,
): z.output<TSchema> {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(request.body));
  } catch {
    throw new HttpError(400, "Invalid JSON body: send a JSON object");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new HttpError(400, "Invalid JSON body: send a JSON object");
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new HttpError(400, formatZodIssue(parsed.error, value));
  }
  return parsed.data;
}

function period(request: EmulatorRequest): z.output<typeof StatsQuerySchema>["period"] {
  const raw = request.query.get("period");
  const parsed = StatsQuerySchema.safeParse(raw === null ? {} : { period: raw });
  if (!parsed.success) {
    throw new HttpError(400, formatZodIssue(parsed.error));
  }
  return parsed.data.period;
}

const id = (context: RouteContext): string => context.params["id"] ?? "";

/** The toggle routes of a database: path word → flag and direction. */
const DATABASE_TOGGLES: readonly [string, DatabaseFlag, boolean, "POST" | "PATCH"][] = [
  ["enable-eviction", "eviction", true, "POST"],
  ["disable-eviction", "eviction", false, "POST"],
  ["enable-autoupgrade", "autoUpgrade", true, "POST"],
  ["disable-autoupgrade", "autoUpgrade", false, "POST"],
  ["enable-dailybackup", "dailyBackup", true, "PATCH"],
  ["disable-dailybackup", "dailyBackup", false, "PATCH"],
  ["enable-prodpack", "prodPack", true, "POST"],
  ["disable-prodpack", "prodPack", false, "POST"],
  ["enable-tls", "tls", true, "POST"],
];

/**
 * Queue operations are served under the service's `/qstash/...` and our spec's `/queue/...`
 * (§2 emulator choice); only move-to-team differs, by its id field's name.
 */
function queueRoutes(prefix: "qstash" | "queue"): Route[] {
  return [
    { method: "GET", pattern: `/${prefix}/users`, handler: ({ service }) => service.listQueues() },
    // Legacy single-user endpoint (§3.5).
    { method: "GET", pattern: `/${prefix}/user`, handler: ({ service }) => service.accountQueue() },
    {
      method: "GET",
      pattern: `/${prefix}/user/{id}`,
      handler: (context) => context.service.getQueue(id(context)),
    },
    {
      method: "POST",
      pattern: `/${prefix}/rotate-token/{id}`,
      handler: (context) => context.service.rotateQueueToken(id(context)),
    },
    {
      method: "POST",
      pattern: `/${prefix}/set-plan/{id}`,
      handler: (context) =>
        context.service.setQueuePlan(
          id(context),
          body(context.request, QStashSetPlanBodySchema).plan_name,
        ),
    },
    {
      method: "GET",
      pattern: `/${prefix}/stats`,
      handler: ({ service, request }) =>
        service.queueStats(service.accountQueue().id, period(request)),
    },
    {
      method: "GET",
      pattern: `/${prefix}/stats/{id}`,
      handler: (context) => context.service.queueStats(id(context), period(context.request)),
    },
    {
      method: "GET",
      pattern: `/${prefix}/ipv4`,
      handler: () => QSTASH_IPV4,
      isPublic: true,
    },
    {
      method: "POST",
      pattern: `/${prefix}/move-to-team`,
      handler: ({ service, request }) => {
        if (prefix === "queue") {
          const parsed = body(request, QueueMoveToTeamBodySchema);
          return service.moveQueueToTeam(parsed.queue_id, parsed.target_team_id);
        }
        const parsed = body(request, QStashMoveToTeamBodySchema);
        return service.moveQueueToTeam(parsed.qstash_id, parsed.target_team_id);
      },
    },
    {
      method: "PATCH",
      pattern: `/${prefix}/update-budget/{id}`,
      handler: (context) =>
        context.service.updateQueueBudget(
          id(context),
          body(context.request, QueueBudgetBodySchema).budget,
        ),
    },
    {
      method: "POST",
      pattern: `/${prefix}/enable-prodpack/{id}`,
      handler: (context) => context.service.setQueueProdPack(id(context), true),
    },
    {
      method: "POST",
      pattern: `/${prefix}/disable-prodpack/{id}`,
      handler: (context) => context.service.setQueueProdPack(id(context), false),
    },
  ];
}

const ROUTES: readonly Route[] = [
  // Redis databases (§3.1)
  { method: "GET", pattern: "/redis/databases", handler: ({ service }) => service.listDatabases() },
  {
    method: "POST",
    pattern: "/redis/database",
    handler: ({ service, request }) =>
      service.createDatabase(body(request, CreateDatabaseBodySchema)),
  },
  {
    method: "GET",
    pattern: "/redis/database/{id}",
    handler: (context) =>
      context.service.getDatabase(id(context), {
        hideCredentials: context.request.query.get("credentials") === "hide",
      }),
  },
  {
    method: "DELETE",
    pattern: "/redis/database/{id}",
    handler: (context) => context.service.deleteDatabase(id(context)),
  },
  {
    method: "POST",
    pattern: "/redis/rename/{id}",
    handler: (context) =>
      context.service.renameDatabase(id(context), body(context.request, RenameBodySchema).name),
  },
  {
    method: "POST",
    pattern: "/redis/reset-password/{id}",
    handler: (context) => context.service.resetDatabasePassword(id(context)),
  },
  ...DATABASE_TOGGLES.map(
    ([word, flag, isOn, method]): Route => ({
      method,
      pattern: `/redis/${word}/{id}`,
      handler: (context) => context.service.setDatabaseFlag(id(context), flag, isOn),
    }),
  ),
  // The CLI's older path and the current one (§3.1 emulator choice: both).
  ...["/redis/change-plan/{id}", "/redis/{id}/change-plan"].map(
    (pattern): Route => ({
      method: "POST",
      pattern,
      handler: (context) =>
        context.service.changeDatabasePlan(
          id(context),
          body(context.request, ChangePlanBodySchema),
        ),
    }),
  ),
  {
    method: "PATCH",
    pattern: "/redis/update-budget/{id}",
    handler: (context) =>
      context.service.updateDatabaseBudget(
        id(context),
        body(context.request, QueueBudgetBodySchema).budget,
      ),
  },
  {
    method: "POST",
    pattern: "/redis/update-regions/{id}",
    handler: (context) =>
      context.service.updateDatabaseRegions(
        id(context),
        body(context.request, UpdateRegionsBodySchema).read_regions,
      ),
  },
  {
    method: "POST",
    pattern: "/redis/update-allowlist/{id}",
    handler: (context) =>
      context.service.updateDatabaseAllowlist(
        id(context),
        body(context.request, UpdateAllowlistBodySchema).allowed_ips,
      ),
  },
  {
    method: "POST",
    pattern: "/redis/move-to-team",
    handler: ({ service, request }) => {
      const parsed = body(request, MoveDatabaseToTeamBodySchema);
      return service.moveDatabaseToTeam(parsed.database_id, parsed.team_id);
    },
  },
  {
    method: "GET",
    pattern: "/redis/list-backup/{id}",
    handler: (context) => context.service.listBackups(id(context)),
  },
  {
    method: "POST",
    pattern: "/redis/create-backup/{id}",
    handler: (context) =>
      context.service.createBackup(id(context), body(context.request, RenameBodySchema).name),
  },
  {
    method: "DELETE",
    pattern: "/redis/delete-backup/{id}/{backup_id}",
    handler: (context) =>
      context.service.deleteBackup(id(context), context.params["backup_id"] ?? ""),
  },
  {
    method: "POST",
    pattern: "/redis/restore-backup/{id}",
    handler: (context) =>
      context.service.restoreDatabaseBackup(
        id(context),
        body(context.request, RestoreBackupBodySchema).backup_id,
      ),
  },
  {
    method: "GET",
    pattern: "/redis/stats/{id}",
    handler: (context) => context.service.databaseStats(id(context), period(context.request)),
  },
  // Teams (§3.2)
  { method: "GET", pattern: "/teams", handler: ({ service }) => service.listTeams() },
  {
    method: "POST",
    pattern: "/team",
    handler: ({ service, request }) => service.createTeam(body(request, CreateTeamBodySchema)),
  },
  {
    method: "DELETE",
    pattern: "/team/{id}",
    handler: (context) => context.service.deleteTeam(id(context)),
  },
  {
    method: "POST",
    pattern: "/teams/member",
    handler: ({ service, request }) => service.addMember(body(request, AddTeamMemberBodySchema)),
  },
  {
    method: "DELETE",
    pattern: "/teams/member",
    handler: ({ service, request }) =>
      service.removeMember(body(request, DeleteTeamMemberBodySchema)),
  },
  {
    method: "GET",
    pattern: "/teams/{id}",
    handler: (context) => context.service.listMembers(id(context)),
  },
  { method: "GET", pattern: "/auditlogs", handler: ({ service }) => service.auditLogs() },
  // Vector indexes (§3.3); the literal `stats` before `{id}` (§1 routing traps).
  {
    method: "GET",
    pattern: "/vector/index",
    handler: ({ service }) => service.listVectorIndexes(),
  },
  {
    method: "POST",
    pattern: "/vector/index",
    handler: ({ service, request }) =>
      service.createVectorIndex(body(request, CreateVectorIndexBodySchema)),
  },
  {
    method: "GET",
    pattern: "/vector/index/stats",
    handler: ({ service }) => service.vectorGlobalStats(),
  },
  {
    method: "GET",
    pattern: "/vector/index/{id}",
    handler: (context) => context.service.getVectorIndex(id(context)),
  },
  {
    method: "DELETE",
    pattern: "/vector/index/{id}",
    handler: (context) => context.service.deleteVectorIndex(id(context)),
  },
  {
    method: "POST",
    pattern: "/vector/index/{id}/rename",
    handler: (context) =>
      context.service.renameVectorIndex(id(context), body(context.request, RenameBodySchema).name),
  },
  {
    method: "POST",
    pattern: "/vector/index/{id}/reset-password",
    handler: (context) => context.service.resetVectorIndexPassword(id(context)),
  },
  {
    method: "POST",
    pattern: "/vector/index/{id}/setplan",
    handler: (context) =>
      context.service.setVectorIndexPlan(
        id(context),
        body(context.request, VectorSetPlanBodySchema).target_plan,
      ),
  },
  {
    method: "POST",
    pattern: "/vector/index/{id}/transfer",
    handler: (context) =>
      context.service.transferVectorIndex(
        id(context),
        body(context.request, TransferBodySchema).target_account,
      ),
  },
  {
    method: "GET",
    pattern: "/vector/index/{id}/stats",
    handler: (context) => context.service.vectorIndexStats(id(context), period(context.request)),
  },
  // Search indexes (§3.4)
  { method: "GET", pattern: "/search", handler: ({ service }) => service.listSearchIndexes() },
  {
    method: "POST",
    pattern: "/search",
    handler: ({ service, request }) =>
      service.createSearchIndex(body(request, CreateSearchIndexBodySchema)),
  },
  {
    method: "GET",
    pattern: "/search/stats",
    handler: ({ service }) => service.searchGlobalStats(),
  },
  {
    method: "GET",
    pattern: "/search/{id}",
    handler: (context) => context.service.getSearchIndex(id(context)),
  },
  {
    method: "DELETE",
    pattern: "/search/{id}",
    handler: (context) => context.service.deleteSearchIndex(id(context)),
  },
  {
    method: "GET",
    pattern: "/search/{id}/stats",
    handler: (context) => context.service.searchIndexStats(id(context), period(context.request)),
  },
  {
    method: "POST",
    pattern: "/search/{id}/reset-password",
    handler: (context) => context.service.resetSearchIndexPassword(id(context)),
  },
  {
    method: "POST",
    pattern: "/search/{id}/transfer",
    handler: (context) =>
      context.service.transferSearchIndex(
        id(context),
        body(context.request, TransferBodySchema).target_account,
      ),
  },
  {
    method: "POST",
    pattern: "/search/{id}/rename",
    handler: (context) =>
      context.service.renameSearchIndex(id(context), body(context.request, RenameBodySchema).name),
  },
  // Queues (§3.5, §2)
  ...queueRoutes("qstash"),
  ...queueRoutes("queue"),
];

/** Path parameters of `pattern` in `segments`, or undefined when it does not match. */
function match(pattern: string, segments: readonly string[]): Record<string, string> | undefined {
  const parts = pattern.split("/").slice(1);
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

/** The `/v2` handler: auth, route, and service errors → their status. */
export function createManagementHandler(service: ManagementService): RequestHandler {
  return async (request) => {
    const below = request.path === "/v2" ? "/" : request.path.slice(3);
    const segments = below.split("/").slice(1).map(decodeSegment);
    const matching = ROUTES.map((route) => ({
      route,
      params: match(route.pattern, segments),
    })).filter((entry) => entry.params !== undefined);
    // HEAD is answered as GET by handler.ts.
    const method = request.method === "HEAD" ? "GET" : request.method;
    const found = matching.find((entry) => entry.route.method === method);
    if (found === undefined) {
      if (matching.length > 0) {
        const allowed = [...new Set(matching.map((entry) => entry.route.method))].join(", ");
        return jsonError(405, `method ${request.method} is not allowed here: use ${allowed}`);
      }
      return jsonError(404, `no management operation at ${request.method} /v2${below}`);
    }
    if (found.route.isPublic !== true && !isAuthorized(request, service)) {
      // §8 emulator text.
      return { ...jsonError(401, "unauthorized"), headers: UNAUTHORIZED_HEADERS };
    }
    try {
      const result = await found.route.handler({
        request,
        params: found.params ?? {},
        service,
      });
      return jsonResponse(200, result);
    } catch (error: unknown) {
      if (error instanceof ManagementError) {
        return jsonError(error.status, error.message);
      }
      throw error;
    }
  };
}

const UNAUTHORIZED_HEADERS = {
  "content-type": "application/json",
  "www-authenticate": 'Basic realm="stratus management"',
};

function isAuthorized(request: EmulatorRequest, service: ManagementService): boolean {
  const credentials = parseBasicAuth(request.headers.get("authorization"));
  return service.authenticate(
    credentials === undefined
      ? undefined
      : { email: credentials.username, apiKey: credentials.password },
  );
}
