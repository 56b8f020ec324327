/**
 * Management records in the service's wire shapes (`spec/management-api.md` §5.2): every field of
 * `Database`, `VectorIndex`, `SearchIndex` and `QStashUser`, with the credentials clients need
 * (§5.1). Emulator choice: `endpoint` is `host:port/<kind>/<name>`, so the clients' own
 * `https://{endpoint}` differs from the working URL only by its scheme, and every record also
 * carries `rest_url`, the URL the emulator really serves.
 */
import type {
  Database,
  QStashUser,
  SearchIndex,
  Team,
  TeamMember,
  VectorIndex,
} from "@stratus/core/schemas";
import { planLimits } from "../queues/limits.ts";
import type {
  DatabaseState,
  QueueState,
  SearchIndexState,
  TeamState,
  VectorIndexState,
} from "./state.ts";

/** Where the emulator is reachable, for endpoints and REST URLs. */
export interface Location {
  /** e.g. `http://127.0.0.1:8079` */
  readonly baseUrl: string;
  /** The account's email: the `customer_id` of personal resources. */
  readonly email: string;
}

const hostOf = (baseUrl: string): string => baseUrl.replace(/^https?:\/\//, "");
const portOf = (baseUrl: string): number => Number(new URL(baseUrl).port || 80);
const GIB = 1024 ** 3;

/** A `Database` with the extra `rest_url` (§5.1, §5.2). */
export function databaseRecord(
  state: DatabaseState,
  location: Location,
  options: { readonly hideCredentials: boolean; readonly maxRequestBytes: number | undefined },
): Database & { rest_url: string } {
  const credentials = options.hideCredentials
    ? {}
    : { password: state.token, rest_token: state.token, read_only_rest_token: state.readOnlyToken };
  const regions = [state.primaryRegion, ...state.readRegions];
  return {
    database_id: state.id,
    database_name: state.name,
    region: "global",
    port: portOf(location.baseUrl),
    creation_time: state.creationTimeS,
    state: "active",
    endpoint: `${hostOf(location.baseUrl)}/redis/${state.urlName}`,
    rest_url: `${location.baseUrl}/redis/${state.urlName}`,
    tls: state.tls,
    ...credentials,
    db_max_clients: 10_000,
    db_max_request_size: options.maxRequestBytes ?? 10 * 1024 * 1024,
    db_disk_threshold: 100 * GIB,
    db_max_entry_size: 100 * 1024 * 1024,
    db_memory_threshold: 3 * GIB,
    db_max_commands_per_second: 10_000,
    db_request_limit: 0,
    type: state.plan === "free" ? "free" : state.plan === "payg" ? "payg" : "paid",
    budget: state.budget,
    primary_region: state.primaryRegion,
    primary_members: [state.primaryRegion],
    all_members: regions,
    read_regions: state.readRegions,
    replicas: regions.length,
    customer_id: state.ownerId,
    eviction: state.eviction,
    auto_upgrade: state.autoUpgrade,
    consistent: false,
    daily_backup_enabled: state.dailyBackup,
    modifying_state: "",
    db_resource_size: "S",
    db_type: "pebble",
    db_conn_idle_timeout: 21_600_000_000_000,
    db_lua_timeout: 250_000_000,
    db_lua_credits_per_min: 10_000_000_000,
    db_store_max_idle: 900_000_000_000,
    db_max_loads_per_sec: 1_000_000,
    db_acl_enabled: "false",
    db_acl_default_user_status: "true",
    db_eviction: state.eviction,
    last_plan_upgrade_time: 0,
    prometheus_enabled: "false",
    prod_pack_enabled: state.prodPack,
    securityAddons: {
      ipWhitelisting: false,
      vpcPeering: false,
      privateLink: false,
      tlsMutualAuth: false,
      encryptionAtRest: false,
    },
    database_type: state.plan === "free" ? "Free" : "Pay as You Go",
    user_email: location.email,
    db_daily_bandwidth_limit: 50 * GIB,
  };
}

/** A `VectorIndex` (§5.2) with its live tokens and `rest_url`. */
export function vectorIndexRecord(
  state: VectorIndexState,
  location: Location,
  tokens: { readonly token: string; readonly readOnlyToken: string },
): VectorIndex & { rest_url: string } {
  const isFree = state.plan === "free";
  return {
    customer_id: state.ownerId,
    id: state.id,
    name: state.name,
    similarity_function: state.similarity,
    dimension_count: state.dimension,
    embedding_model: state.embeddingModel,
    sparse_embedding_model: state.sparseEmbeddingModel,
    endpoint: `${hostOf(location.baseUrl)}/vector/${state.urlName}`,
    rest_url: `${location.baseUrl}/vector/${state.urlName}`,
    token: tokens.token,
    read_only_token: tokens.readOnlyToken,
    type: state.plan,
    region: state.region,
    creation_time: state.creationTimeS,
    index_type: state.indexType,
    max_vector_count: isFree ? 200_000_000 : 1_000_000_000,
    max_daily_updates: isFree ? 10_000 : -1,
    max_daily_queries: isFree ? 10_000 : -1,
    max_monthly_bandwidth: -1,
    max_writes_per_second: 1000,
    max_query_per_second: 1000,
    max_reads_per_request: 1000,
    max_writes_per_request: 1000,
    max_total_metadata_size: 50 * GIB,
    reserved_price: 0,
    throughput_vector: [],
  };
}

/**
 * A `SearchIndex` (§5.2) with its live tokens and `rest_url`, the base URL `@upstash/search`
 * takes (`UPSTASH_SEARCH_REST_URL`).
 */
export function searchIndexRecord(
  state: SearchIndexState,
  location: Location,
  tokens: { readonly token: string; readonly readOnlyToken: string },
): SearchIndex & { rest_url: string } {
  const isFree = state.plan === "free";
  const urlName = state.urlName ?? state.id;
  return {
    customer_id: state.ownerId,
    id: state.id,
    name: state.name,
    endpoint: `${hostOf(location.baseUrl)}/search/${urlName}`,
    rest_url: `${location.baseUrl}/search/${urlName}`,
    type: state.plan,
    region: state.region,
    vercel_email: "",
    token: tokens.token,
    read_only_token: tokens.readOnlyToken,
    creation_time: state.creationTimeS,
    input_enrichment_enabled: false,
    max_vector_count: isFree ? 10_000 : 1_000_000_000,
    max_monthly_reranks: isFree ? 1000 : -1,
    max_daily_updates: isFree ? 10_000 : -1,
    max_daily_queries: isFree ? 10_000 : -1,
    max_monthly_bandwidth: -1,
    max_writes_per_second: 1000,
    max_query_per_second: 1000,
    max_reads_per_request: 1000,
    max_writes_per_request: 1000,
    throughput_vector: [],
  };
}

/** A `QStashUser` (§5.2): no URL field; `modifying_state` is omitted when idle. */
/**
 * The live queue API's base URL of an instance: every instance shares `{baseUrl}/qstash`, and its
 * token picks it (issue 19).
 */
export function queueRestUrl(baseUrl: string): string {
  return `${baseUrl}/qstash`;
}

export function queueRecord(state: QueueState, location: Location): QStashUser {
  const isFree = state.plan === "free";
  const limits = planLimits(state.plan);
  return {
    id: state.id,
    rest_url: queueRestUrl(location.baseUrl),
    ...(state.currentSigningKey === undefined
      ? {}
      : { current_signing_key: state.currentSigningKey }),
    ...(state.nextSigningKey === undefined ? {} : { next_signing_key: state.nextSigningKey }),
    customer_id: state.ownerId,
    token: state.token,
    read_only_token: state.readOnlyToken,
    active: true,
    state: "active",
    type: isFree ? "free" : "paid",
    region: "eu-central-1",
    created_by: state.ownerId,
    creation_time: state.creationTimeS,
    deletion_time: 0,
    last_plan_upgrade_time: 0,
    reserved_type: isFree ? "" : state.plan,
    reserved_price: 0,
    prod_pack_enabled: state.prodPack,
    budget: state.budget,
    enterprise: { enabled: false },
    prometheus_enabled: "false",
    max_message_size: 1_048_576,
    max_requests_per_day: isFree ? 1000 : 0,
    max_requests_per_day_hard: 0,
    max_endpoints_per_topic: 100,
    max_requests_per_second: 100,
    max_dlq_size: 1000,
    max_retries: 5,
    max_topics: 100,
    max_schedules: 1000,
    max_events_size: limits.maxEvents,
    max_dlq_retention_time_milis: 604_800_000,
    max_delay: 604_800,
    max_parallelism: 100,
    max_global_parallelism: limits.globalParallelism,
    max_queues: 100,
    max_bandwidth_per_second: 10_485_760,
    timeout: 900,
  };
}

export function teamRecord(team: TeamState): Team {
  return { team_id: team.id, team_name: team.name, copy_cc: team.copyCc };
}

/** The team's members, the account first as its `owner`. */
export function teamMemberRecords(team: TeamState, ownerEmail: string): TeamMember[] {
  return [{ email: ownerEmail, role: "owner" as const }, ...team.members].map((member) => ({
    team_id: team.id,
    team_name: team.name,
    member_email: member.email,
    member_role: member.role,
    copy_cc: team.copyCc,
  }));
}
