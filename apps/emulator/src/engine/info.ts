/**
 * INFO's text (`genRedisInfoString` in src/server.c) and the server identity it, HELLO and LOLWUT
 * report. Field names and order follow Redis 8; values come from the engine's statistics, the
 * process (memory, CPU) and the configuration. Fields about machinery the engine does not have
 * (forks, replication links, I/O threads, eviction) report the values of an idle standalone server.
 */
import { arch, release, totalmem, type } from "node:os";
import { asciiLower } from "./bytes.ts";
import type { ServerApi } from "./commands/context.ts";
import type { Session } from "./session.ts";

/** The Redis version the engine reports (HELLO, INFO, LOLWUT): the command set it targets. */
export const REDIS_VERSION = "8.2.0";

/** Sections in output order; `default` and `all` select subsets of them. */
const SECTIONS = [
  "server",
  "clients",
  "memory",
  "persistence",
  "stats",
  "replication",
  "cpu",
  "modules",
  "commandstats",
  "errorstats",
  "latencystats",
  "cluster",
  "keyspace",
] as const;

type Section = (typeof SECTIONS)[number];

const DEFAULT_SECTIONS: ReadonlySet<Section> = new Set(
  SECTIONS.filter((section) => section !== "commandstats" && section !== "latencystats"),
);

/** Per-server facts that are not in `ServerStats`. */
export interface ServerIdentity {
  readonly runId: string;
  replicationId: string;
  peakMemory: number;
  saves: number;
}

/** A new server's identity: random run and replication ids, no saves yet. */
export function createServerIdentity(random: () => number): ServerIdentity {
  return {
    runId: randomHex(random, 40),
    replicationId: randomHex(random, 40),
    peakMemory: 0,
    saves: 0,
  };
}

function randomHex(random: () => number, length: number): string {
  let text = "";
  while (text.length < length) {
    text += Math.floor(random() * 16).toString(16);
  }
  return text;
}

export interface InfoRequest {
  readonly server: ServerApi;
  readonly now: number;
  /** Section names as given (case-insensitive); empty means `default`. */
  readonly sections: readonly string[];
}

/** The INFO bulk text: the selected sections, separated by blank lines. */
export function infoText(request: InfoRequest): string {
  const wanted = selectSections(request.sections);
  const blocks: string[] = [];
  for (const section of SECTIONS) {
    if (wanted.has(section)) {
      blocks.push(renderSection(section, request));
    }
  }
  return blocks.join("\r\n");
}

function selectSections(names: readonly string[]): Set<Section> {
  const wanted = new Set<Section>();
  for (const raw of names.length === 0 ? ["default"] : names) {
    const name = asciiLower(raw);
    if (name === "all" || name === "everything") {
      for (const section of SECTIONS) {
        wanted.add(section);
      }
    } else if (name === "default") {
      for (const section of DEFAULT_SECTIONS) {
        wanted.add(section);
      }
    } else if ((SECTIONS as readonly string[]).includes(name)) {
      wanted.add(name as Section);
    }
  }
  return wanted;
}

type Fields = readonly (readonly [string, string | number])[];

function renderSection(section: Section, request: InfoRequest): string {
  const title = section === "cpu" ? "CPU" : section[0]?.toUpperCase() + section.slice(1);
  const lines = [`# ${title}`];
  for (const [name, value] of sectionFields(section, request)) {
    lines.push(`${name}:${value}`);
  }
  return `${lines.join("\r\n")}\r\n`;
}

function sectionFields(section: Section, request: InfoRequest): Fields {
  switch (section) {
    case "server":
      return serverFields(request);
    case "clients":
      return clientFields(request.server);
    case "memory":
      return memoryFields(request.server);
    case "persistence":
      return persistenceFields(request);
    case "stats":
      return statsFields(request.server);
    case "replication":
      return replicationFields(request.server);
    case "cpu":
      return cpuFields();
    case "cluster":
      return [["cluster_enabled", 0]];
    case "keyspace":
      return keyspaceFields(request);
    case "commandstats":
      return commandStatsFields(request.server);
    case "errorstats":
      return request.server.callStats
        .errors()
        .map(([prefix, count]) => [`errorstat_${prefix}`, `count=${count}`]);
    // The engine loads no modules and keeps no latency histograms.
    case "modules":
    case "latencystats":
      return [];
    default:
      return assertNever(section);
  }
}

function assertNever(value: never): never {
  throw new Error(`unexpected INFO section ${String(value)}`);
}

function serverFields({ server, now }: InfoRequest): Fields {
  const uptimeSeconds = Math.max(0, Math.floor((now - server.stats.startedAtMs) / 1000));
  const port = server.config.value("port");
  const hz = server.config.value("hz");
  return [
    ["redis_version", REDIS_VERSION],
    ["redis_git_sha1", "00000000"],
    ["redis_git_dirty", 0],
    ["redis_build_id", "0"],
    ["redis_mode", "standalone"],
    ["os", `${type()} ${release()} ${arch()}`],
    ["arch_bits", 64],
    ["monotonic_clock", "POSIX clock_gettime"],
    ["multiplexing_api", "node"],
    ["atomicvar_api", "c11-builtin"],
    ["gcc_version", "0.0.0"],
    ["process_id", process.pid],
    ["process_supervised", "no"],
    ["run_id", server.identity.runId],
    ["tcp_port", port],
    ["server_time_usec", now * 1000],
    ["uptime_in_seconds", uptimeSeconds],
    ["uptime_in_days", Math.floor(uptimeSeconds / 86_400)],
    ["hz", hz],
    ["configured_hz", hz],
    // LRU_CLOCK: seconds, 24 bits.
    ["lru_clock", Math.floor(now / 1000) % 2 ** 24],
    ["executable", process.execPath],
    ["config_file", ""],
    ["io_threads_active", 0],
    ["listener0", `name=tcp,bind=${server.config.value("bind")},port=${port}`],
  ];
}

function clientFields(server: ServerApi): Fields {
  let connected = 0;
  let pubsub = 0;
  let watching = 0;
  let blocked = 0;
  const watchedKeys = new Set<string>();
  for (const session of server.sessions()) {
    if (session.isStateless) {
      continue;
    }
    connected++;
    if (session.isBlocked) {
      blocked++;
    }
    if (isSubscriber(session)) {
      pubsub++;
    }
    if (session.watchedKeys.size > 0) {
      watching++;
      for (const key of session.watchedKeys) {
        watchedKeys.add(key);
      }
    }
  }
  return [
    ["connected_clients", connected],
    ["cluster_connections", 0],
    ["maxclients", server.config.value("maxclients")],
    ["client_recent_max_input_buffer", 0],
    ["client_recent_max_output_buffer", 0],
    // Every waiting blocking command: BLPOP and its kind, XREAD/XREADGROUP … BLOCK, …
    ["blocked_clients", blocked],
    ["tracking_clients", server.tracking.clientCount],
    ["pubsub_clients", pubsub],
    ["watching_clients", watching],
    ["clients_in_timeout_table", 0],
    ["total_watched_keys", watchedKeys.size],
    ["total_blocking_keys", 0],
    ["total_blocking_keys_on_nokey", 0],
  ];
}

function isSubscriber(session: Session): boolean {
  return session.subscriptionCount > 0 || session.shardChannels.size > 0;
}

function memoryFields(server: ServerApi): Fields {
  // The engine shares the process, so the process's heap is the honest "used memory".
  const usage = process.memoryUsage();
  // With maxmemory set, the engine's own estimate of its data, which eviction compares with it.
  const used = server.dataMemory ?? usage.heapUsed + usage.external;
  const identity = server.identity;
  identity.peakMemory = Math.max(identity.peakMemory, used);
  const maxmemory = Number(server.config.value("maxmemory"));
  const system = totalmem();
  return [
    ["used_memory", used],
    ["used_memory_human", humanBytes(used)],
    ["used_memory_rss", usage.rss],
    ["used_memory_rss_human", humanBytes(usage.rss)],
    ["used_memory_peak", identity.peakMemory],
    ["used_memory_peak_human", humanBytes(identity.peakMemory)],
    ["used_memory_peak_perc", `${((used / identity.peakMemory) * 100).toFixed(2)}%`],
    ["total_system_memory", system],
    ["total_system_memory_human", humanBytes(system)],
    ["maxmemory", maxmemory],
    ["maxmemory_human", humanBytes(maxmemory)],
    ["maxmemory_policy", server.config.value("maxmemory-policy")],
    ["mem_fragmentation_ratio", (usage.rss / Math.max(1, used)).toFixed(2)],
    ["mem_allocator", "v8"],
    ["lazyfree_pending_objects", 0],
    ["lazyfreed_objects", 0],
  ];
}

function persistenceFields({ server }: InfoRequest): Fields {
  const identity = server.identity;
  return [
    ["loading", 0],
    ["async_loading", 0],
    ["rdb_changes_since_last_save", server.stats.dirty],
    ["rdb_bgsave_in_progress", 0],
    ["rdb_last_save_time", Math.floor(server.lastSaveMs / 1000)],
    ["rdb_last_bgsave_status", "ok"],
    ["rdb_last_bgsave_time_sec", -1],
    ["rdb_current_bgsave_time_sec", -1],
    ["rdb_saves", identity.saves],
    ["aof_enabled", server.config.value("appendonly") === "yes" ? 1 : 0],
    ["aof_rewrite_in_progress", 0],
    ["aof_rewrite_scheduled", 0],
    ["aof_last_rewrite_time_sec", -1],
    ["aof_current_rewrite_time_sec", -1],
    ["aof_last_bgrewrite_status", "ok"],
    ["aof_rewrites", 0],
    ["aof_last_write_status", "ok"],
    ["module_fork_in_progress", 0],
  ];
}

function statsFields(server: ServerApi): Fields {
  const { stats } = server;
  return [
    ["total_connections_received", stats.totalConnections],
    // The engine counts a command before running it, Redis after: INFO does not count itself.
    ["total_commands_processed", Math.max(0, stats.commandsProcessed - 1)],
    ["instantaneous_ops_per_sec", 0],
    ["rejected_connections", 0],
    ["sync_full", 0],
    ["sync_partial_ok", 0],
    ["sync_partial_err", 0],
    ["expired_keys", stats.expiredKeys],
    ["expired_subkeys", 0],
    ["evicted_keys", stats.evictedKeys],
    ["evicted_clients", 0],
    ["keyspace_hits", stats.keyspaceHits],
    ["keyspace_misses", stats.keyspaceMisses],
    ["pubsub_channels", server.pubsub.channels().length],
    ["pubsub_patterns", server.pubsub.numberOfPatterns()],
    ["pubsubshard_channels", server.shardChannels.channels().length],
    ["latest_fork_usec", 0],
    ["total_forks", 0],
    ["tracking_total_keys", server.tracking.keyCount],
    ["tracking_total_items", server.tracking.itemCount],
    ["tracking_total_prefixes", server.tracking.prefixCount],
    ["unexpected_error_replies", 0],
    ["total_error_replies", server.callStats.totalErrorReplies],
    ["dump_payload_sanitizations", 0],
    ["client_output_buffer_limit_disconnections", stats.clientOutputBufferLimitDisconnections],
    ["acl_access_denied_auth", 0],
    ["acl_access_denied_cmd", 0],
    ["acl_access_denied_key", 0],
    ["acl_access_denied_channel", 0],
  ];
}

function replicationFields(server: ServerApi): Fields {
  return [
    ["role", "master"],
    ["connected_slaves", 0],
    ["master_failover_state", "no-failover"],
    ["master_replid", server.identity.replicationId],
    ["master_replid2", "0".repeat(40)],
    ["master_repl_offset", 0],
    ["second_repl_offset", -1],
    ["repl_backlog_active", 0],
    ["repl_backlog_size", 1_048_576],
    ["repl_backlog_first_byte_offset", 0],
    ["repl_backlog_histlen", 0],
  ];
}

function cpuFields(): Fields {
  const { system, user } = process.cpuUsage();
  const seconds = (micros: number): string => (micros / 1e6).toFixed(6);
  return [
    ["used_cpu_sys", seconds(system)],
    ["used_cpu_user", seconds(user)],
    ["used_cpu_sys_children", seconds(0)],
    ["used_cpu_user_children", seconds(0)],
    ["used_cpu_sys_main_thread", seconds(system)],
    ["used_cpu_user_main_thread", seconds(user)],
  ];
}

/** `cmdstat_<name>` lines (subcommands as `config|get`), as `genRedisInfoString` writes them. */
function commandStatsFields(server: ServerApi): Fields {
  return server.callStats.commands().map(([name, stat]) => {
    const perCall = stat.calls === 0 ? 0 : stat.usec / stat.calls;
    return [
      `cmdstat_${name}`,
      `calls=${stat.calls},usec=${stat.usec},usec_per_call=${perCall.toFixed(2)},rejected_calls=${stat.rejectedCalls},failed_calls=${stat.failedCalls}`,
    ];
  });
}

/**
 * `avg_ttl` is an estimate in Redis too (from the expiry cycle's samples): at most `TTL_SAMPLE` keys
 * with a TTL among the first `KEYS_EXAMINED` keys, so INFO stays cheap on large databases.
 */
const TTL_SAMPLE = 1000;
const KEYS_EXAMINED = 10_000;

function keyspaceFields({ server, now }: InfoRequest): Fields {
  const fields: [string, string][] = [];
  for (const db of server.databases) {
    if (db.size === 0) {
      continue;
    }
    let sampled = 0;
    let total = 0;
    if (db.expiresCount > 0) {
      let examined = 0;
      for (const key of db.rawKeys()) {
        if (++examined > KEYS_EXAMINED) {
          break;
        }
        const at = db.expiresAt(key);
        if (at !== undefined) {
          total += at - now;
          if (++sampled >= TTL_SAMPLE) {
            break;
          }
        }
      }
    }
    const averageTtl = sampled === 0 ? 0 : Math.round(total / sampled);
    // Redis 7.4 added `subexpiry`: hashes with field TTLs (counted by the hash type, not here).
    fields.push([
      `db${db.index}`,
      `keys=${db.size},expires=${db.expiresCount},avg_ttl=${averageTtl},subexpiry=0`,
    ]);
  }
  return fields;
}

/** `bytesToHuman` (src/server.c): B, K, M, G, T, P with two decimals. */
export function humanBytes(bytes: number): string {
  const units = ["K", "M", "G", "T", "P"];
  if (bytes < 1024) {
    return `${bytes}B`;
  }
  let value = bytes / 1024;
  for (const unit of units) {
    if (value < 1024 || unit === "P") {
      return `${value.toFixed(2)}${unit}`;
    }
    value /= 1024;
  }
  return `${bytes}B`;
}
