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
import type { DatabaseFlag } from "../../management/databases.ts";
import { ManagementError } from "../../management/errors.ts";
import type { ManagementService } from "../../management/service.ts";
import { bodyTooLargeMessage, HttpError, jsonError, jsonResponse } from "../http-error.ts";
import { type RouteEntry, RouteTable } from "../route-table.ts";
import type { EmulatorRequest, EmulatorRequestHead, HttpService } from "../types.ts";

/** What a route handler gets: the request, path parameters and the management services. */
interface RouteContext {
  readonly request: EmulatorRequest;
  readonly params: Readonly<Record<string, string>>;
  readonly management: ManagementService;
}

interface Route extends RouteEntry {
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
    {
      method: "GET",
      pattern: `/${prefix}/users`,
      handler: ({ management }) => management.queues.list(),
    },
    // Legacy single-user endpoint (§3.5).
    {
      method: "GET",
      pattern: `/${prefix}/user`,
      handler: ({ management }) => management.queues.accountQueue(),
    },
    {
      method: "GET",
      pattern: `/${prefix}/user/{id}`,
      handler: (context) => context.management.queues.get(id(context)),
    },
    {
      method: "POST",
      pattern: `/${prefix}/rotate-token/{id}`,
      handler: (context) => context.management.queues.rotateToken(id(context)),
    },
    {
      method: "POST",
      pattern: `/${prefix}/set-plan/{id}`,
      handler: (context) =>
        context.management.queues.setPlan(
          id(context),
          body(context.request, QStashSetPlanBodySchema).plan_name,
        ),
    },
    {
      method: "GET",
      pattern: `/${prefix}/stats`,
      handler: ({ management, request }) =>
        management.queues.stats(management.queues.accountQueue().id, period(request)),
    },
    {
      method: "GET",
      pattern: `/${prefix}/stats/{id}`,
      handler: (context) => context.management.queues.stats(id(context), period(context.request)),
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
      handler: ({ management, request }) => {
        if (prefix === "queue") {
          const parsed = body(request, QueueMoveToTeamBodySchema);
          return management.queues.moveToTeam(parsed.queue_id, parsed.target_team_id);
        }
        const parsed = body(request, QStashMoveToTeamBodySchema);
        return management.queues.moveToTeam(parsed.qstash_id, parsed.target_team_id);
      },
    },
    {
      method: "PATCH",
      pattern: `/${prefix}/update-budget/{id}`,
      handler: (context) =>
        context.management.queues.updateBudget(
          id(context),
          body(context.request, QueueBudgetBodySchema).budget,
        ),
    },
    {
      method: "POST",
      pattern: `/${prefix}/enable-prodpack/{id}`,
      handler: (context) => context.management.queues.setProdPack(id(context), true),
    },
    {
      method: "POST",
      pattern: `/${prefix}/disable-prodpack/{id}`,
      handler: (context) => context.management.queues.setProdPack(id(context), false),
    },
  ];
}

const ROUTES: readonly Route[] = [
  // Redis databases (§3.1)
  {
    method: "GET",
    pattern: "/redis/databases",
    handler: ({ management }) => management.databases.list(),
  },
  {
    method: "POST",
    pattern: "/redis/database",
    handler: ({ management, request }) =>
      management.databases.create(body(request, CreateDatabaseBodySchema)),
  },
  {
    method: "GET",
    pattern: "/redis/database/{id}",
    handler: (context) =>
      context.management.databases.get(id(context), {
        hideCredentials: context.request.query.get("credentials") === "hide",
      }),
  },
  {
    method: "DELETE",
    pattern: "/redis/database/{id}",
    handler: (context) => context.management.databases.delete(id(context)),
  },
  {
    method: "POST",
    pattern: "/redis/rename/{id}",
    handler: (context) =>
      context.management.databases.rename(
        id(context),
        body(context.request, RenameBodySchema).name,
      ),
  },
  {
    method: "POST",
    pattern: "/redis/reset-password/{id}",
    handler: (context) => context.management.databases.resetPassword(id(context)),
  },
  ...DATABASE_TOGGLES.map(
    ([word, flag, isOn, method]): Route => ({
      method,
      pattern: `/redis/${word}/{id}`,
      handler: (context) => context.management.databases.setFlag(id(context), flag, isOn),
    }),
  ),
  // The CLI's older path and the current one (§3.1 emulator choice: both).
  ...["/redis/change-plan/{id}", "/redis/{id}/change-plan"].map(
    (pattern): Route => ({
      method: "POST",
      pattern,
      handler: (context) =>
        context.management.databases.changePlan(
          id(context),
          body(context.request, ChangePlanBodySchema),
        ),
    }),
  ),
  {
    method: "PATCH",
    pattern: "/redis/update-budget/{id}",
    handler: (context) =>
      context.management.databases.updateBudget(
        id(context),
        body(context.request, QueueBudgetBodySchema).budget,
      ),
  },
  {
    method: "POST",
    pattern: "/redis/update-regions/{id}",
    handler: (context) =>
      context.management.databases.updateRegions(
        id(context),
        body(context.request, UpdateRegionsBodySchema).read_regions,
      ),
  },
  {
    method: "POST",
    pattern: "/redis/update-allowlist/{id}",
    handler: (context) =>
      context.management.databases.updateAllowlist(
        id(context),
        body(context.request, UpdateAllowlistBodySchema).allowed_ips,
      ),
  },
  {
    method: "POST",
    pattern: "/redis/move-to-team",
    handler: ({ management, request }) => {
      const parsed = body(request, MoveDatabaseToTeamBodySchema);
      return management.databases.moveToTeam(parsed.database_id, parsed.team_id);
    },
  },
  {
    method: "GET",
    pattern: "/redis/list-backup/{id}",
    handler: (context) => context.management.backups.list(id(context)),
  },
  {
    method: "POST",
    pattern: "/redis/create-backup/{id}",
    handler: (context) =>
      context.management.backups.create(id(context), body(context.request, RenameBodySchema).name),
  },
  {
    method: "DELETE",
    pattern: "/redis/delete-backup/{id}/{backup_id}",
    handler: (context) =>
      context.management.backups.delete(id(context), context.params["backup_id"] ?? ""),
  },
  {
    method: "POST",
    pattern: "/redis/restore-backup/{id}",
    handler: (context) =>
      context.management.backups.restore(
        id(context),
        body(context.request, RestoreBackupBodySchema).backup_id,
      ),
  },
  {
    method: "GET",
    pattern: "/redis/stats/{id}",
    handler: (context) => context.management.databases.stats(id(context), period(context.request)),
  },
  // Teams (§3.2)
  { method: "GET", pattern: "/teams", handler: ({ management }) => management.teams.list() },
  {
    method: "POST",
    pattern: "/team",
    handler: ({ management, request }) =>
      management.teams.create(body(request, CreateTeamBodySchema)),
  },
  {
    method: "DELETE",
    pattern: "/team/{id}",
    handler: (context) => context.management.teams.delete(id(context)),
  },
  {
    method: "POST",
    pattern: "/teams/member",
    handler: ({ management, request }) =>
      management.teams.addMember(body(request, AddTeamMemberBodySchema)),
  },
  {
    method: "DELETE",
    pattern: "/teams/member",
    handler: ({ management, request }) =>
      management.teams.removeMember(body(request, DeleteTeamMemberBodySchema)),
  },
  {
    method: "GET",
    pattern: "/teams/{id}",
    handler: (context) => context.management.teams.members(id(context)),
  },
  { method: "GET", pattern: "/auditlogs", handler: ({ management }) => management.auditLog.list() },
  // Vector indexes (§3.3); the literal `stats` before `{id}` (§1 routing traps).
  {
    method: "GET",
    pattern: "/vector/index",
    handler: ({ management }) => management.vectorIndexes.list(),
  },
  {
    method: "POST",
    pattern: "/vector/index",
    handler: ({ management, request }) =>
      management.vectorIndexes.create(body(request, CreateVectorIndexBodySchema)),
  },
  {
    method: "GET",
    pattern: "/vector/index/stats",
    handler: ({ management }) => management.vectorIndexes.globalStats(),
  },
  {
    method: "GET",
    pattern: "/vector/index/{id}",
    handler: (context) => context.management.vectorIndexes.get(id(context)),
  },
  {
    method: "DELETE",
    pattern: "/vector/index/{id}",
    handler: (context) => context.management.vectorIndexes.delete(id(context)),
  },
  {
    method: "POST",
    pattern: "/vector/index/{id}/rename",
    handler: (context) =>
      context.management.vectorIndexes.rename(
        id(context),
        body(context.request, RenameBodySchema).name,
      ),
  },
  {
    method: "POST",
    pattern: "/vector/index/{id}/reset-password",
    handler: (context) => context.management.vectorIndexes.resetPassword(id(context)),
  },
  {
    method: "POST",
    pattern: "/vector/index/{id}/setplan",
    handler: (context) =>
      context.management.vectorIndexes.setPlan(
        id(context),
        body(context.request, VectorSetPlanBodySchema).target_plan,
      ),
  },
  {
    method: "POST",
    pattern: "/vector/index/{id}/transfer",
    handler: (context) =>
      context.management.vectorIndexes.transfer(
        id(context),
        body(context.request, TransferBodySchema).target_account,
      ),
  },
  {
    method: "GET",
    pattern: "/vector/index/{id}/stats",
    handler: (context) =>
      context.management.vectorIndexes.stats(id(context), period(context.request)),
  },
  // Search indexes (§3.4)
  {
    method: "GET",
    pattern: "/search",
    handler: ({ management }) => management.searchIndexes.list(),
  },
  {
    method: "POST",
    pattern: "/search",
    handler: ({ management, request }) =>
      management.searchIndexes.create(body(request, CreateSearchIndexBodySchema)),
  },
  {
    method: "GET",
    pattern: "/search/stats",
    handler: ({ management }) => management.searchIndexes.globalStats(),
  },
  {
    method: "GET",
    pattern: "/search/{id}",
    handler: (context) => context.management.searchIndexes.get(id(context)),
  },
  {
    method: "DELETE",
    pattern: "/search/{id}",
    handler: (context) => context.management.searchIndexes.delete(id(context)),
  },
  {
    method: "GET",
    pattern: "/search/{id}/stats",
    handler: (context) =>
      context.management.searchIndexes.stats(id(context), period(context.request)),
  },
  {
    method: "POST",
    pattern: "/search/{id}/reset-password",
    handler: (context) => context.management.searchIndexes.resetPassword(id(context)),
  },
  {
    method: "POST",
    pattern: "/search/{id}/transfer",
    handler: (context) =>
      context.management.searchIndexes.transfer(
        id(context),
        body(context.request, TransferBodySchema).target_account,
      ),
  },
  {
    method: "POST",
    pattern: "/search/{id}/rename",
    handler: (context) =>
      context.management.searchIndexes.rename(
        id(context),
        body(context.request, RenameBodySchema).name,
      ),
  },
  // Queues (§3.5, §2)
  ...queueRoutes("qstash"),
  ...queueRoutes("queue"),
];

const MANAGEMENT_ROUTES = new RouteTable(ROUTES);

/**
 * The largest management request: every body is a small JSON object of names, flags and lists
 * (the longest, an allowlist or a region list, is well under this).
 */
export const MANAGEMENT_MAX_REQUEST_BYTES = 64 * 1024;

/**
 * The `/v2` service: route and auth from the head, then the body (at most
 * {@link MANAGEMENT_MAX_REQUEST_BYTES}) and the operation; service errors → their status.
 */
export function createManagementService(service: ManagementService): HttpService {
  return {
    admit(head) {
      const below = head.path === "/v2" ? "/" : head.path.slice(3);
      const found = MANAGEMENT_ROUTES.lookup({ method: head.method, path: below });
      if (found.kind === "method-not-allowed") {
        return {
          answer: jsonError(
            405,
            `method ${head.method} is not allowed here: use ${found.allowed.join(", ")}`,
          ),
        };
      }
      if (found.kind === "not-found") {
        return { answer: jsonError(404, `no management operation at ${head.method} /v2${below}`) };
      }
      if (found.route.isPublic !== true && !isAuthorized(head, service)) {
        // §8 emulator text.
        return { answer: { ...jsonError(401, "unauthorized"), headers: UNAUTHORIZED_HEADERS } };
      }
      return {
        maxBodyBytes: MANAGEMENT_MAX_REQUEST_BYTES,
        tooLarge: (receivedBytes) =>
          jsonError(
            413,
            bodyTooLargeMessage({ maxBodyBytes: MANAGEMENT_MAX_REQUEST_BYTES, receivedBytes }),
          ),
        handle: async (request) => {
          try {
            const result = await found.route.handler({
              request,
              params: found.params,
              management: service,
            });
            return jsonResponse(200, result);
          } catch (error: unknown) {
            if (error instanceof ManagementError) {
              return jsonError(error.status, error.message);
            }
            throw error;
          }
        },
      };
    },
  };
}

const UNAUTHORIZED_HEADERS = {
  "content-type": "application/json",
  "www-authenticate": 'Basic realm="stratus management"',
};

function isAuthorized(request: EmulatorRequestHead, service: ManagementService): boolean {
  const credentials = parseBasicAuth(request.headers.get("authorization"));
  return service.authenticate(
    credentials === undefined
      ? undefined
      : { email: credentials.username, apiKey: credentials.password },
  );
}
