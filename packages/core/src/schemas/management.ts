/**
 * JSON bodies of the management API (`/v2`): resource records, request bodies and stats
 * (`spec/management-api.md`, `spec/openapi-management.yml`, `spec/interfaces.md`).
 *
 * Field names are the service's snake_case ones. Request schemas are what the emulator parses:
 * required fields are required, types and enums are checked, and a failure names the field (see
 * `formatZodIssue`); unknown keys are dropped, since real clients send extras (§4.1). Response
 * records mark only their identity fields required, as the OpenAPI file marks none: the emulator
 * sends every field, and clients of the real service must not break on a missing one.
 */
import { z } from "zod";
import { GoTimeSchema } from "./time.ts";
import {
  DenseEmbeddingModelSchema,
  IndexTypeSchema,
  SimilarityFunctionSchema,
  SparseEmbeddingModelSchema,
} from "./vector.ts";

// 64-bit integers on the wire (times, byte limits, nanosecond timeouts). Some exceed 2^53
// (`db_request_limit: 8024278031528736858`), arrive rounded from JSON and are not "safe" integers,
// so they are checked as plain numbers.
const int64 = (): z.ZodNumber => z.number();

// Flags the service sends as the strings "true" and "false" (`spec/management-api.md` §5.2).
const BooleanStringSchema = z.enum(["true", "false"]);

/**
 * The longest name, id or email a request may carry. The service documents no limit; this one is
 * the emulator's (names are shown and stored per record, and an email is at most 254 characters by
 * RFC 5321), so a request cannot make a record of megabytes.
 */
export const MAX_MANAGEMENT_TEXT_LENGTH = 256;

const requiredText = (): z.ZodString =>
  z
    .string()
    .min(1, "must not be empty")
    .max(MAX_MANAGEMENT_TEXT_LENGTH, `must be at most ${MAX_MANAGEMENT_TEXT_LENGTH} characters`);

// ---------------------------------------------------------------------------------------------
// Shared shapes
// ---------------------------------------------------------------------------------------------

/**
 * One point of a stats series: `x` is a Go UTC timestamp, `y` the measured value
 * (`spec/management-api.md` §6.1). Both are required.
 */
export const TimeSeriesDataSchema = z.object({
  /** When the value was measured, e.g. `2025-10-23 17:34:00.000 +0000 UTC`. */
  x: GoTimeSchema,
  /** The measured value. */
  y: z.number(),
});

/** One point of a stats series. */
export type TimeSeriesData = z.output<typeof TimeSeriesDataSchema>;

/** A stats series (`[TS]` in the spec). */
export const TimeSeriesSchema = z.array(TimeSeriesDataSchema);

/** A stats series. */
export type TimeSeries = z.output<typeof TimeSeriesSchema>;

/** A named series: `{ id, data_points }`, e.g. `delivered` QStash messages. */
export const TimeSeriesWithIdSchema = z.object({
  /** The series' identifier. */
  id: z.string(),
  /** Its points. */
  data_points: TimeSeriesSchema,
});

/** A named series. */
export type TimeSeriesWithId = z.output<typeof TimeSeriesWithIdSchema>;

/** The bare JSON string `"OK"` that most mutations answer (`spec/management-api.md` §7). */
export const OkResponseSchema = z.literal("OK");

/** The `"OK"` answer. */
export type OkResponse = z.output<typeof OkResponseSchema>;

/** `{ name* }`: the body of every rename (Redis, vector, search) and of backup creation. */
export const RenameBodySchema = z.object({
  /** The new name. */
  name: requiredText(),
});

/** A rename body. */
export type RenameBody = z.output<typeof RenameBodySchema>;

/**
 * `{ target_account* }`: the body of `POST /search/{id}/transfer` and `/vector/index/{id}/transfer`.
 * The target is a team id; transferring to a personal account is unsupported.
 */
export const TransferBodySchema = z.object({
  /** The id of the team account that receives the index. */
  target_account: requiredText(),
});

/** A transfer body. */
export type TransferBody = z.output<typeof TransferBodySchema>;

/** Totals across every vector (or search) index: `GET /vector/index/stats`, `GET /search/stats`. */
export const GlobalStatsSchema = z.object({
  /** Indexed records. */
  record_count: z.int().optional(),
  /** API requests. */
  request: z.int().optional(),
  /** Bandwidth, bytes. */
  bandwidth: int64().optional(),
  /** Storage, bytes. */
  storage: int64().optional(),
  /** Billing amount. */
  billing: z.number().optional(),
  /** Rerank operations. */
  rerank_count: z.int().optional(),
});

/** Totals across every index. */
export type GlobalStats = z.output<typeof GlobalStatsSchema>;

// ---------------------------------------------------------------------------------------------
// Redis databases (§3.1, §4.1, §5)
// ---------------------------------------------------------------------------------------------

/** Regions a database's primary may be placed in (AWS and GCP). */
export const DatabaseRegionSchema = z.enum([
  "us-east-1",
  "us-east-2",
  "us-west-1",
  "us-west-2",
  "ca-central-1",
  "eu-central-1",
  "eu-west-1",
  "eu-west-2",
  "sa-east-1",
  "ap-south-1",
  "ap-northeast-1",
  "ap-southeast-1",
  "ap-southeast-2",
  "af-south-1",
  "us-central1",
  "us-east4",
  "europe-west1",
  "asia-northeast1",
]);

/** A primary region. */
export type DatabaseRegion = z.output<typeof DatabaseRegionSchema>;

/** Regions a read replica may be placed in. */
export const ReadRegionSchema = z.enum([
  "us-east-1",
  "us-east-2",
  "us-west-1",
  "us-west-2",
  "ca-central-1",
  "eu-central-1",
  "eu-west-1",
  "eu-west-2",
  "sa-east-1",
  "ap-south-1",
  "ap-northeast-1",
  "ap-southeast-1",
  "ap-southeast-2",
]);

/** A read region. */
export type ReadRegion = z.output<typeof ReadRegionSchema>;

/** Plans a database is created with or changed to. */
export const DatabasePlanSchema = z.enum([
  "free",
  "payg",
  "fixed_250mb",
  "fixed_1gb",
  "fixed_5gb",
  "fixed_10gb",
  "fixed_50gb",
  "fixed_100gb",
  "fixed_500gb",
]);

/** A database plan. */
export type DatabasePlan = z.output<typeof DatabasePlanSchema>;

/** The `type` (payment plan) of a database record. */
export const DatabaseTypeSchema = z.enum(["free", "payg", "pro", "paid"]);

/** A database's payment plan. */
export type DatabaseType = z.output<typeof DatabaseTypeSchema>;

/** The `state` of a database record. */
export const DatabaseStateSchema = z.enum(["active", "suspended", "passive"]);

/** A database state. */
export type DatabaseState = z.output<typeof DatabaseStateSchema>;

/**
 * A Redis database record (`Database`, `spec/management-api.md` §5.2), with the credential fields
 * the current OpenAPI file omits (`password`, `rest_token`, `read_only_rest_token`) and the older
 * extras. `?credentials=hide` strips the credentials. Region fields are plain strings here, as
 * region lists grow and older databases are regional; request bodies check them.
 */
export const DatabaseSchema = z.object({
  /** The database id. */
  database_id: z.string(),
  /** The database name. */
  database_name: z.string(),
  /** Always `"global"` for current databases. */
  region: z.string().optional(),
  /** Port for TCP clients, e.g. 6379. */
  port: int64().optional(),
  /** Creation time, Unix seconds. */
  creation_time: int64().optional(),
  /** `active`, `suspended` or `passive`. */
  state: DatabaseStateSchema.optional(),
  /** Hostname (or slug) of the database; clients use `https://{endpoint}`. */
  endpoint: z.string().optional(),
  /** Whether TLS is on. */
  tls: z.boolean().optional(),
  /** The password of the `default` user (a credential). */
  password: z.string().optional(),
  /** The standard REST token (a credential). */
  rest_token: z.string().optional(),
  /** The read-only REST token (a credential). */
  read_only_rest_token: z.string().optional(),
  /** Concurrent client limit. */
  db_max_clients: int64().optional(),
  /** Request size limit, bytes. */
  db_max_request_size: int64().optional(),
  /** Disk size limit, bytes. */
  db_disk_threshold: int64().optional(),
  /** Entry size limit, bytes. */
  db_max_entry_size: int64().optional(),
  /** Memory limit, bytes. */
  db_memory_threshold: int64().optional(),
  /** Commands per second limit. */
  db_max_commands_per_second: int64().optional(),
  /** Total command limit. */
  db_request_limit: int64().optional(),
  /** Payment plan. */
  type: DatabaseTypeSchema.optional(),
  /** Monthly budget, dollars. */
  budget: int64().optional(),
  /** Primary region. */
  primary_region: z.string().optional(),
  /** Primary regions of the cluster. */
  primary_members: z.array(z.string()).optional(),
  /** All regions of the cluster. */
  all_members: z.array(z.string()).optional(),
  /** Read regions. */
  read_regions: z.array(z.string()).optional(),
  /** Replica factor. */
  replicas: z.int().optional(),
  /** Owner (an email or a marketplace-scoped email). */
  customer_id: z.string().optional(),
  /** Whether eviction is on. */
  eviction: z.boolean().optional(),
  /** Whether automatic plan upgrade is on. */
  auto_upgrade: z.boolean().optional(),
  /** Whether strong consistency is on. */
  consistent: z.boolean().optional(),
  /** Whether daily backups are on. */
  daily_backup_enabled: z.boolean().optional(),
  /** An asynchronous change in progress; `""` when idle. */
  modifying_state: z.string().optional(),
  /** Resource tier. */
  db_resource_size: z.enum(["S", "M", "L", "XL", "XXL", "3XL"]).optional(),
  /** Storage engine. */
  db_type: z.enum(["bolt", "badger", "pebble"]).optional(),
  /** Connection idle timeout, nanoseconds. */
  db_conn_idle_timeout: int64().optional(),
  /** Lua script timeout, nanoseconds. */
  db_lua_timeout: int64().optional(),
  /** Lua credits per minute. */
  db_lua_credits_per_min: int64().optional(),
  /** Store connection idle timeout, nanoseconds. */
  db_store_max_idle: int64().optional(),
  /** Load operations per second limit. */
  db_max_loads_per_sec: int64().optional(),
  /** ACL enabled, as a string flag. */
  db_acl_enabled: BooleanStringSchema.optional(),
  /** Default ACL user status, as a string flag. */
  db_acl_default_user_status: BooleanStringSchema.optional(),
  /** Database-level eviction. */
  db_eviction: z.boolean().optional(),
  /** Last plan upgrade, Unix seconds. */
  last_plan_upgrade_time: int64().optional(),
  /** Prometheus integration, as a string flag. */
  prometheus_enabled: BooleanStringSchema.optional(),
  /** Whether the production pack is on. */
  prod_pack_enabled: z.boolean().optional(),
  /** Security add-ons (camelCase inside, as the service writes them). */
  securityAddons: z
    .object({
      ipWhitelisting: z.boolean().optional(),
      vpcPeering: z.boolean().optional(),
      privateLink: z.boolean().optional(),
      tlsMutualAuth: z.boolean().optional(),
      encryptionAtRest: z.boolean().optional(),
    })
    .optional(),
  /** Older field: e.g. `"Pay as You Go"`. */
  database_type: z.string().optional(),
  /** Older field: the owner's email. */
  user_email: z.string().optional(),
  /** Older field: daily bandwidth limit. */
  db_daily_bandwidth_limit: int64().optional(),
});

/** A Redis database record. */
export type Database = z.output<typeof DatabaseSchema>;

/**
 * The body of `POST /redis/database` (`spec/management-api.md` §4.1). Accepts `database_name` or the
 * older `name`, defaults `platform` to `aws`, and drops the fields some clients add (`region`,
 * `consistent`, `multizone`, `auto_upgrade`, `prod_pack_enabled`). The output always carries
 * `database_name`.
 */
export const CreateDatabaseBodySchema = z
  .object({
    /** The database name. */
    database_name: requiredText().optional(),
    /** Older spelling of `database_name` (old docs, the MCP server). */
    name: requiredText().optional(),
    /** Cloud platform. @default "aws" */
    platform: z.enum(["aws", "gcp"]).default("aws"),
    /** Primary region. */
    primary_region: DatabaseRegionSchema,
    /** Read regions. @default [] */
    read_regions: z.array(ReadRegionSchema).default([]),
    /** Fixed plan; without it, pay-as-you-go or free by account type. */
    plan: DatabasePlanSchema.optional(),
    /** Monthly budget, dollars. */
    budget: z.int().nonnegative().optional(),
    /** Whether eviction is on. */
    eviction: z.boolean().optional(),
    /** Whether TLS is on. */
    tls: z.boolean().optional(),
  })
  .transform(({ database_name, name, ...rest }, context) => {
    const chosen = database_name ?? name;
    if (chosen === undefined) {
      context.addIssue({
        code: "custom",
        path: ["database_name"],
        message: "database_name is required",
      });
      return z.NEVER;
    }
    return { ...rest, database_name: chosen };
  });

/** A create-database body as sent. */
export type CreateDatabaseBodyInput = z.input<typeof CreateDatabaseBodySchema>;

/** A create-database body as read: `database_name`, `platform` and `read_regions` always set. */
export type CreateDatabaseBody = z.output<typeof CreateDatabaseBodySchema>;

/**
 * The body of `POST /redis/{id}/change-plan`. The CLI sends `plan`, accepted as an alias of
 * `plan_name` (`spec/management-api.md` §3.1); the output always carries `plan_name`.
 */
export const ChangePlanBodySchema = z
  .object({
    /** The database id (redundant with the path). */
    database_id: z.string().optional(),
    /** The new plan. */
    plan_name: DatabasePlanSchema.optional(),
    /** The CLI's spelling of `plan_name`. */
    plan: DatabasePlanSchema.optional(),
    /** Whether to turn automatic upgrade on. */
    auto_upgrade: z.boolean().optional(),
    /** Whether to turn the production pack on. */
    prod_pack_enabled: z.boolean().optional(),
  })
  .transform(({ plan_name, plan, ...rest }, context) => {
    const chosen = plan_name ?? plan;
    if (chosen === undefined) {
      context.addIssue({ code: "custom", path: ["plan_name"], message: "plan_name is required" });
      return z.NEVER;
    }
    return { ...rest, plan_name: chosen };
  });

/** A change-plan body as sent. */
export type ChangePlanBodyInput = z.input<typeof ChangePlanBodySchema>;

/** A change-plan body as read. */
export type ChangePlanBody = z.output<typeof ChangePlanBodySchema>;

/** The body of `PATCH /redis/update-budget/{id}`: a non-negative integer of dollars. */
export const DatabaseBudgetBodySchema = z.object({
  /** Monthly budget, dollars. */
  budget: z.int("budget must be an integer").nonnegative("budget must not be negative"),
});

/** A database budget body. */
export type DatabaseBudgetBody = z.output<typeof DatabaseBudgetBodySchema>;

/** The body of `POST /redis/update-regions/{id}`. */
export const UpdateRegionsBodySchema = z.object({
  /** The new set of read regions. */
  read_regions: z.array(ReadRegionSchema),
});

/** An update-regions body. */
export type UpdateRegionsBody = z.output<typeof UpdateRegionsBodySchema>;

/** The body of `POST /redis/update-allowlist/{id}` (used by the Terraform provider, not in the spec). */
export const UpdateAllowlistBodySchema = z.object({
  /** Allowed client addresses or CIDR ranges. */
  allowed_ips: z.array(z.string()),
});

/** An update-allowlist body. */
export type UpdateAllowlistBody = z.output<typeof UpdateAllowlistBodySchema>;

/** The body of `POST /redis/move-to-team`. */
export const MoveDatabaseToTeamBodySchema = z.object({
  /** The receiving team. */
  team_id: requiredText(),
  /** The database to move. */
  database_id: requiredText(),
});

/** A database move-to-team body. */
export type MoveDatabaseToTeamBody = z.output<typeof MoveDatabaseToTeamBodySchema>;

/** The body of `POST /redis/restore-backup/{id}`. */
export const RestoreBackupBodySchema = z.object({
  /** The backup to restore. */
  backup_id: requiredText(),
});

/** A restore-backup body. */
export type RestoreBackupBody = z.output<typeof RestoreBackupBodySchema>;

/** A backup record of `GET /redis/list-backup/{id}`. */
export const BackupSchema = z.object({
  /** The backup id. */
  backup_id: z.string(),
  /** The database it belongs to. */
  database_id: z.string().optional(),
  /** The owner. */
  customer_id: z.string().optional(),
  /** The backup name. */
  name: z.string().optional(),
  /** Creation time, Unix seconds. */
  creation_time: int64().optional(),
  /** `pending`, `completed` or `failed`. */
  state: z.enum(["pending", "completed", "failed"]).optional(),
  /** Size, bytes. */
  backup_size: int64().optional(),
  /** Whether it is a daily backup, as a string flag. */
  daily_backup: BooleanStringSchema.optional(),
  /** Whether it is an hourly backup, as a string flag. */
  hourly_backup: BooleanStringSchema.optional(),
  /** Internal tag. */
  internal_backup_tag: z.string().optional(),
});

/** A backup record. */
export type Backup = z.output<typeof BackupSchema>;

/** Per-command counts in Redis stats. */
export const CommandCountSchema = z.object({
  /** The command name or metric identifier, e.g. `EXISTS`. */
  metric_identifier: z.string(),
  /** Its series. */
  data_points: TimeSeriesSchema,
});

/** Per-command counts. */
export type CommandCount = z.output<typeof CommandCountSchema>;

/**
 * Redis database stats, `GET /redis/stats/{id}` (`spec/management-api.md` §6.4). Every field is
 * optional. `monitor_count` is a single point in the spec and probably a series on the wire, so
 * both are accepted.
 */
export const DatabaseStatsSchema = z.object({
  monitor_count: z.union([TimeSeriesSchema, TimeSeriesDataSchema]).optional(),
  daily_net_commands: z.int().optional(),
  daily_read_requests: z.int().optional(),
  daily_write_requests: z.int().optional(),
  connection_count: TimeSeriesSchema.optional(),
  keyspace: TimeSeriesSchema.optional(),
  throughput: TimeSeriesSchema.optional(),
  diskusage: TimeSeriesSchema.optional(),
  latencymean: TimeSeriesSchema.optional(),
  latency_99: TimeSeriesSchema.optional(),
  read_latency_mean: TimeSeriesSchema.optional(),
  read_latency_99: TimeSeriesSchema.optional(),
  write_latency_mean: TimeSeriesSchema.optional(),
  write_latency_99: TimeSeriesSchema.optional(),
  hits: TimeSeriesSchema.optional(),
  misses: TimeSeriesSchema.optional(),
  read: TimeSeriesSchema.optional(),
  write: TimeSeriesSchema.optional(),
  /** Last 5 days. */
  dailyrequests: TimeSeriesSchema.optional(),
  /** Weekday names of the daily series. */
  days: z.array(z.string()).optional(),
  dailybilling: TimeSeriesSchema.optional(),
  bandwidths: TimeSeriesSchema.optional(),
  dailybandwidth: int64().optional(),
  total_monthly_bandwidth: int64().optional(),
  total_monthly_requests: int64().optional(),
  total_monthly_read_requests: int64().optional(),
  total_monthly_write_requests: int64().optional(),
  total_monthly_script_requests: int64().optional(),
  total_monthly_storage: int64().optional(),
  current_storage: int64().optional(),
  queue_optimized: z.boolean().optional(),
  total_monthly_billing: z.number().optional(),
  command_counts: z.array(CommandCountSchema).optional(),
});

/** Redis database stats. */
export type DatabaseStats = z.output<typeof DatabaseStatsSchema>;

// ---------------------------------------------------------------------------------------------
// Teams (§3.2)
// ---------------------------------------------------------------------------------------------

/** Roles of a team member; `owner` is never assigned through the API. */
export const TeamRoleSchema = z.enum(["owner", "admin", "dev", "finance"]);

/** A team role. */
export type TeamRole = z.output<typeof TeamRoleSchema>;

/** A team record: `{team_id, team_name, copy_cc}`. */
export const TeamSchema = z.object({
  /** The team id. */
  team_id: z.string(),
  /** The team name. */
  team_name: z.string(),
  /** Whether credit card information was copied to the team on creation. */
  copy_cc: z.boolean().optional(),
});

/** A team record. */
export type Team = z.output<typeof TeamSchema>;

/** A team member record (`GET /teams/{team_id}` lists them; there is no "get one team"). */
export const TeamMemberSchema = z.object({
  /** The team id. */
  team_id: z.string(),
  /** The team name. */
  team_name: z.string().optional(),
  /** The member's email. */
  member_email: z.string(),
  /** The member's role. */
  member_role: TeamRoleSchema,
  /** Whether credit card information is copied. */
  copy_cc: z.boolean().optional(),
});

/** A team member record. */
export type TeamMember = z.output<typeof TeamMemberSchema>;

/** The body of `POST /team`: both fields required. */
export const CreateTeamBodySchema = z.object({
  /** The team name. */
  team_name: requiredText(),
  /** Whether to copy the account's credit card information to the team. */
  copy_cc: z.boolean(),
});

/** A create-team body. */
export type CreateTeamBody = z.output<typeof CreateTeamBodySchema>;

/** The body of `POST /teams/member`; `owner` cannot be assigned. */
export const AddTeamMemberBodySchema = z.object({
  /** The team. */
  team_id: requiredText(),
  /** The new member's email. */
  member_email: requiredText(),
  /** The new member's role. */
  member_role: z.enum(["admin", "dev", "finance"]),
});

/** An add-team-member body. */
export type AddTeamMemberBody = z.output<typeof AddTeamMemberBodySchema>;

/** The JSON body of `DELETE /teams/member`. */
export const DeleteTeamMemberBodySchema = z.object({
  /** The team. */
  team_id: requiredText(),
  /** The member to remove. */
  member_email: requiredText(),
});

/** A delete-team-member body. */
export type DeleteTeamMemberBody = z.output<typeof DeleteTeamMemberBodySchema>;

/** An audit log entry of `GET /auditlogs`. */
export const AuditLogSchema = z.object({
  log_id: z.string(),
  customer_id: z.string().optional(),
  /** Who acted. */
  actor: z.string().optional(),
  /** When, Unix seconds. */
  timestamp: int64().optional(),
  /** Numeric action type. */
  action: z.int().optional(),
  /** Readable action type, e.g. `Delete Team`. */
  action_string: z.string().optional(),
  source: z.string().optional(),
  entity: z.string().optional(),
  secondary_entity: z.string().optional(),
  third_entity: z.string().optional(),
  readable_format: z.string().optional(),
  ip: z.string().optional(),
  /** Expiry of the entry, Unix seconds. */
  ttl: int64().optional(),
  reason: z.string().optional(),
  notes: z.string().optional(),
});

/** An audit log entry. */
export type AuditLog = z.output<typeof AuditLogSchema>;

// ---------------------------------------------------------------------------------------------
// Vector indexes (§3.3, §4.2, §6.3)
// ---------------------------------------------------------------------------------------------

/** Regions of vector indexes. */
export const VectorRegionSchema = z.enum(["eu-west-1", "us-east-1", "us-central1"]);

/** A vector index region. */
export type VectorRegion = z.output<typeof VectorRegionSchema>;

/** Plans of a vector index record and of `setplan`. */
export const VectorPlanSchema = z.enum(["free", "payg", "fixed"]);

/** A vector index plan. */
export type VectorPlan = z.output<typeof VectorPlanSchema>;

/**
 * A vector index record (`VectorIndex`, `spec/management-api.md` §5.2). Embedding models are plain
 * strings: an index without a model, and older models, have spellings outside the enums.
 */
export const VectorIndexSchema = z.object({
  /** The index id. */
  id: z.string(),
  /** The index name. */
  name: z.string(),
  /** The owner. */
  customer_id: z.string().optional(),
  /** Similarity function. */
  similarity_function: SimilarityFunctionSchema.optional(),
  /** Dense dimension. */
  dimension_count: z.number().optional(),
  /** Dense embedding model. */
  embedding_model: z.string().optional(),
  /** Sparse embedding model. */
  sparse_embedding_model: z.string().optional(),
  /** REST hostname; clients use `https://{endpoint}`. */
  endpoint: z.string().optional(),
  /** Standard REST token (a credential). */
  token: z.string().optional(),
  /** Read-only REST token (a credential). */
  read_only_token: z.string().optional(),
  /** Payment plan. */
  type: VectorPlanSchema.optional(),
  /** Region. */
  region: z.string().optional(),
  /** Creation time, Unix seconds. */
  creation_time: int64().optional(),
  /** Index type. */
  index_type: IndexTypeSchema.optional(),
  max_vector_count: z.number().optional(),
  max_daily_updates: z.number().optional(),
  max_daily_queries: z.number().optional(),
  /** Bytes; -1 for unlimited. */
  max_monthly_bandwidth: z.number().optional(),
  max_writes_per_second: z.number().optional(),
  max_query_per_second: z.number().optional(),
  max_reads_per_request: z.number().optional(),
  max_writes_per_request: z.number().optional(),
  max_total_metadata_size: z.number().optional(),
  /** Monthly price of fixed and pro plans. */
  reserved_price: z.number().optional(),
  /** Throughput series. */
  throughput_vector: TimeSeriesSchema.optional(),
});

/** A vector index record. */
export type VectorIndex = z.output<typeof VectorIndexSchema>;

/**
 * The body of `POST /vector/index` (`spec/management-api.md` §4.2). `dimension_count` must be a
 * positive integer unless `index_type` is `SPARSE`.
 */
export const CreateVectorIndexBodySchema = z
  .object({
    /** The index name. */
    name: requiredText(),
    /** Region. */
    region: VectorRegionSchema,
    /** Similarity function. */
    similarity_function: SimilarityFunctionSchema,
    /** Dense dimension. */
    dimension_count: z.int().nonnegative(),
    /** Payment plan. */
    type: z.enum(["payg", "fixed", "paid"]).optional(),
    /** Dense embedding model. */
    embedding_model: DenseEmbeddingModelSchema.optional(),
    /** Index type; the service's default is dense. */
    index_type: IndexTypeSchema.optional(),
    /** Sparse embedding model. */
    sparse_embedding_model: SparseEmbeddingModelSchema.optional(),
  })
  .superRefine((body, context) => {
    if (body.index_type !== "SPARSE" && body.dimension_count < 1) {
      context.addIssue({
        code: "custom",
        path: ["dimension_count"],
        message: "dimension_count must be at least 1 for a dense or hybrid index",
      });
    }
  });

/** A create-vector-index body. */
export type CreateVectorIndexBody = z.output<typeof CreateVectorIndexBodySchema>;

/** The body of `POST /vector/index/{id}/setplan`. */
export const VectorSetPlanBodySchema = z.object({
  /** The new plan. */
  target_plan: VectorPlanSchema,
});

/** A vector set-plan body. */
export type VectorSetPlanBody = z.output<typeof VectorSetPlanBodySchema>;

/**
 * Vector (and search) index stats, `GET /vector/index/{id}/stats?period=…` (`VectorStats`,
 * `spec/management-api.md` §6.3, `spec/interfaces.md`). Every field is optional; the emulator sends
 * all of them. Daily series carry wall-clock timestamps, period series minute-aligned ones.
 */
export const VectorStatsSchema = z.object({
  /** Pending index operations. */
  pending_index_count: z.int().optional(),
  /** Vectors in the index now. */
  current_vector_count: z.int().optional(),
  /** Queries today. */
  daily_query_count: z.int().optional(),
  /** Updates today. */
  daily_update_count: z.int().optional(),
  /** Queries this month. */
  monthly_query_count: z.int().optional(),
  /** Updates this month. */
  monthly_update_count: z.int().optional(),
  /** Bandwidth this month, bytes. */
  monthly_bandwidth_usage: int64().optional(),
  /** Storage used now, bytes. */
  storage_usage: int64().optional(),
  /** Cost this month. */
  monthly_cost: z.number().optional(),
  /** Rerank operations today. */
  daily_rerank_count: z.int().optional(),
  /** Rerank operations this month. */
  monthly_rerank_count: z.int().optional(),
  /** Weekday names of the daily series, e.g. `["Sunday","Monday"]`. */
  days: z.array(z.string()).optional(),
  /** Daily update requests. */
  daily_update_requests: TimeSeriesSchema.optional(),
  /** Daily query requests. */
  daily_query_requests: TimeSeriesSchema.optional(),
  /** Daily bandwidth. */
  daily_bandwidths: TimeSeriesSchema.optional(),
  /** Daily rerank requests. */
  daily_rerank_requests: TimeSeriesSchema.optional(),
  /** Query throughput over the period. */
  query_throughput: TimeSeriesSchema.optional(),
  /** Update throughput over the period. */
  update_throughput: TimeSeriesSchema.optional(),
  /** Mean query latency. */
  query_latency_mean: TimeSeriesSchema.optional(),
  /** 99th percentile query latency. */
  query_latency_99: TimeSeriesSchema.optional(),
  /** Mean update latency. */
  update_latency_mean: TimeSeriesSchema.optional(),
  /** 99th percentile update latency. */
  update_latency_99: TimeSeriesSchema.optional(),
  /** Mean embedding latency. */
  embeds_latency_mean: TimeSeriesSchema.optional(),
  /** 99th percentile embedding latency. */
  embeds_latency_99: TimeSeriesSchema.optional(),
  /** Mean rerank latency. */
  rerank_latency_mean: TimeSeriesSchema.optional(),
  /** 99th percentile rerank latency. */
  rerank_latency_99: TimeSeriesSchema.optional(),
  /** Vector count over the period. */
  vector_count: TimeSeriesSchema.optional(),
  /** Data size over the period. */
  data_size: TimeSeriesSchema.optional(),
});

/** Vector (and search) index stats. */
export type VectorStats = z.output<typeof VectorStatsSchema>;

// ---------------------------------------------------------------------------------------------
// Search indexes (§3.4)
// ---------------------------------------------------------------------------------------------

/** Regions of search indexes. */
export const SearchRegionSchema = z.enum(["eu-west-1", "us-central1"]);

/** A search index region. */
export type SearchRegion = z.output<typeof SearchRegionSchema>;

/** Plans of search indexes (only `free` and `payg` are offered today). */
export const SearchPlanSchema = z.enum(["free", "payg", "fixed"]);

/** A search index plan. */
export type SearchPlan = z.output<typeof SearchPlanSchema>;

/** A search index record (`SearchIndex`, `spec/management-api.md` §5.2). */
export const SearchIndexSchema = z.object({
  /** The index id. */
  id: z.string(),
  /** The index name. */
  name: z.string(),
  /** The owner. */
  customer_id: z.string().optional(),
  /** REST hostname. */
  endpoint: z.string().optional(),
  /** Payment plan. */
  type: SearchPlanSchema.optional(),
  /** Region. */
  region: z.string().optional(),
  /** Vercel integration email, `""` if none. */
  vercel_email: z.string().optional(),
  /** Standard REST token (a credential). */
  token: z.string().optional(),
  /** Read-only REST token (a credential). */
  read_only_token: z.string().optional(),
  /** Creation time, Unix seconds. */
  creation_time: int64().optional(),
  /** Whether input enrichment is on. */
  input_enrichment_enabled: z.boolean().optional(),
  max_vector_count: int64().optional(),
  /** -1 for unlimited. */
  max_monthly_reranks: int64().optional(),
  /** -1 for unlimited. */
  max_daily_updates: int64().optional(),
  /** -1 for unlimited. */
  max_daily_queries: int64().optional(),
  /** Bytes; -1 for unlimited. */
  max_monthly_bandwidth: int64().optional(),
  max_writes_per_second: int64().optional(),
  max_query_per_second: int64().optional(),
  max_reads_per_request: int64().optional(),
  max_writes_per_request: int64().optional(),
  /** Throughput series. */
  throughput_vector: TimeSeriesSchema.optional(),
});

/** A search index record. */
export type SearchIndex = z.output<typeof SearchIndexSchema>;

/** The body of `POST /search`: all three fields required. */
export const CreateSearchIndexBodySchema = z.object({
  /** The index name. */
  name: requiredText(),
  /** Region. */
  region: SearchRegionSchema,
  /** Payment plan. */
  type: SearchPlanSchema,
});

/** A create-search-index body. */
export type CreateSearchIndexBody = z.output<typeof CreateSearchIndexBodySchema>;

// ---------------------------------------------------------------------------------------------
// QStash, our "queue" (§3.5)
// ---------------------------------------------------------------------------------------------

/** Plans `POST /qstash/set-plan/{id}` switches to. */
export const QStashPlanSchema = z.enum([
  "paid",
  "qstash_fixed_1m",
  "qstash_fixed_10m",
  "qstash_fixed_100m",
]);

/** A QStash plan. */
export type QStashPlan = z.output<typeof QStashPlanSchema>;

/**
 * A QStash user (queue instance) record (`QStashUser`, `spec/management-api.md` §5.2). It has no URL
 * field. `password` belongs to the legacy single-user schema.
 */
export const QStashUserSchema = z.object({
  /** The user (queue instance) id. */
  id: z.string(),
  /** Stratus: the live queue API's base URL (`QSTASH_URL`); the token picks the instance. */
  rest_url: z.string().optional(),
  /** Stratus: the delivery signing keys (`QSTASH_CURRENT_SIGNING_KEY`, `QSTASH_NEXT_SIGNING_KEY`). */
  current_signing_key: z.string().optional(),
  next_signing_key: z.string().optional(),
  /** The owner (an email or a team id). */
  customer_id: z.string().optional(),
  /** The token (a credential). */
  token: z.string().optional(),
  /** The read-only token (a credential). */
  read_only_token: z.string().optional(),
  /** Legacy schema only. */
  password: z.string().optional(),
  /** Whether the account is active. */
  active: z.boolean().optional(),
  /** `active`, `passive`, or other values. */
  state: z.string().optional(),
  /** An asynchronous change in progress; omitted when idle. */
  modifying_state: z.string().optional(),
  /** `free` or `paid`. */
  type: z.enum(["free", "paid"]).optional(),
  /** `eu-central-1` or `us-east-1`. */
  region: z.string().optional(),
  /** Who created the account. */
  created_by: z.string().optional(),
  /** Creation time, Unix seconds. */
  creation_time: int64().optional(),
  /** Deletion time, Unix seconds; 0 if not deleted. */
  deletion_time: int64().optional(),
  /** Last plan upgrade, Unix seconds. */
  last_plan_upgrade_time: int64().optional(),
  /** Fixed-tier or enterprise label, e.g. `qstash_fixed_1m` or `enterprise:acme`. */
  reserved_type: z.string().optional(),
  /** Reserved plan price. */
  reserved_price: z.number().optional(),
  /** Whether the production pack is on. */
  prod_pack_enabled: z.boolean().optional(),
  /** Monthly budget, dollars; 0 means no limit. */
  budget: z.int().optional(),
  /** Present for enterprise accounts. */
  enterprise: z.object({ enabled: z.boolean().optional() }).optional(),
  /** Prometheus export, as a string flag. */
  prometheus_enabled: BooleanStringSchema.optional(),
  max_message_size: int64().optional(),
  max_requests_per_day: int64().optional(),
  max_requests_per_day_hard: int64().optional(),
  max_endpoints_per_topic: int64().optional(),
  max_requests_per_second: int64().optional(),
  max_dlq_size: int64().optional(),
  max_retries: int64().optional(),
  max_topics: int64().optional(),
  max_schedules: int64().optional(),
  max_events_size: int64().optional(),
  /** Milliseconds (the service's spelling). */
  max_dlq_retention_time_milis: int64().optional(),
  /** Seconds. */
  max_delay: int64().optional(),
  max_parallelism: int64().optional(),
  max_global_parallelism: int64().optional(),
  max_queues: int64().optional(),
  /** Bytes per second. */
  max_bandwidth_per_second: int64().optional(),
  /** Request timeout, seconds. */
  timeout: int64().optional(),
});

/** A QStash user record. */
export type QStashUser = z.output<typeof QStashUserSchema>;

/** The body of `POST /qstash/set-plan/{id}`. */
export const QStashSetPlanBodySchema = z.object({
  /** The new plan. */
  plan_name: QStashPlanSchema,
});

/** A QStash set-plan body. */
export type QStashSetPlanBody = z.output<typeof QStashSetPlanBodySchema>;

/** The body of our `POST /queue/move-to-team`: `queue_id` (not `qstash_id`) and the team. */
export const QueueMoveToTeamBodySchema = z.object({
  /** The queue instance to move. */
  queue_id: requiredText(),
  /** The receiving team. */
  target_team_id: requiredText(),
});

/** A queue move-to-team body. */
export type QueueMoveToTeamBody = z.output<typeof QueueMoveToTeamBodySchema>;

/** The body of the service's `POST /qstash/move-to-team`: `qstash_id` (not `queue_id`). */
export const QStashMoveToTeamBodySchema = z.object({
  /** The QStash user to move. */
  qstash_id: requiredText(),
  /** The receiving team. */
  target_team_id: requiredText(),
});

/** A QStash move-to-team body. */
export type QStashMoveToTeamBody = z.output<typeof QStashMoveToTeamBodySchema>;

/** The smallest non-zero queue budget, in dollars (the description's minimum). */
export const MIN_QUEUE_BUDGET = 20;

/** The largest queue budget, in dollars. */
export const MAX_QUEUE_BUDGET = 10_000;

const QUEUE_BUDGET_RANGE = `0 (no limit) or between ${MIN_QUEUE_BUDGET} and ${MAX_QUEUE_BUDGET}`;

/**
 * A queue's monthly budget in whole dollars: 0 (no limit) or 20 to 10000.
 *
 * The service's description says "Minimum 20, maximum 10000, or 0 for no limit" while its schema
 * says 0 to 10000. Emulator choice: the stated minimum wins, so 1 to 19 are refused, like negatives,
 * values above 10000 and non-integers (`spec/management-api.md` §3.5).
 */
export const QueueBudgetSchema = z
  .int({
    // A missing budget keeps zod's own wording, which formatZodIssue turns into "is required".
    error: (issue) =>
      issue.input === undefined ? undefined : `budget must be an integer: ${QUEUE_BUDGET_RANGE}`,
  })
  .refine((budget) => budget === 0 || (budget >= MIN_QUEUE_BUDGET && budget <= MAX_QUEUE_BUDGET), {
    error: `budget must be ${QUEUE_BUDGET_RANGE}`,
  });

/**
 * The body of `PATCH /queue/update-budget/{id}` and `PATCH /qstash/update-budget/{id}`:
 * `{ budget }`, see {@link QueueBudgetSchema}.
 */
export const QueueBudgetBodySchema = z.object({
  /** Monthly spending limit, dollars; 0 means no limit. */
  budget: QueueBudgetSchema,
});

/** A queue budget body. */
export type QueueBudgetBody = z.output<typeof QueueBudgetBodySchema>;

/** One day of QStash requests, with the workflow breakdown. */
export const QStashDailyRequestsSchema = TimeSeriesDataSchema.extend({
  /** Workflow messages that day. */
  workflow_message: z.int().optional(),
  /** Workflow runs that day. */
  workflow_run: z.int().optional(),
});

/** One day of QStash requests. */
export type QStashDailyRequests = z.output<typeof QStashDailyRequestsSchema>;

/** QStash stats, `GET /qstash/stats/{id}?period=…` (`spec/management-api.md` §6.5). */
export const QStashStatsSchema = z.object({
  /** Day names of the whole current month, future days included. */
  days: z.array(z.string()).optional(),
  daily_requests: z.array(QStashDailyRequestsSchema).optional(),
  daily_billings: TimeSeriesSchema.optional(),
  daily_bandwidths: TimeSeriesSchema.optional(),
  /** Requests over the period. */
  daily_used: TimeSeriesSchema.optional(),
  /** Workflow usage over the period. */
  daily_used_workflow: TimeSeriesSchema.optional(),
  /** Bandwidth over the period. */
  daily_bandwidth_used: TimeSeriesSchema.optional(),
  /** Message counts by state, e.g. `delivered`. */
  daily_qstash_messages: z.array(TimeSeriesWithIdSchema).optional(),
  /** Workflow counts by state, e.g. `canceled`. */
  daily_workflow_messages: z.array(TimeSeriesWithIdSchema).optional(),
  /** Messages in the dead letter queue now. */
  dlq_message_count: z.int().optional(),
  /** Billing this month. */
  total_monthly_billing: z.number().optional(),
});

/** QStash stats. */
export type QStashStats = z.output<typeof QStashStatsSchema>;

/** The answer of `GET /qstash/ipv4`: CIDR ranges such as `3.125.136.186/32`. */
export const QStashIpv4ResponseSchema = z.array(z.string());

/** The answer of `GET /qstash/ipv4`. */
export type QStashIpv4Response = z.output<typeof QStashIpv4ResponseSchema>;
