/**
 * The emulator's configuration: flags and `STRATUS_*` variables, validated once at start-up.
 * This is the only module that reads `process.env` (STYLE.md §7.8).
 */
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import { EmulatorError } from "./errors.ts";
import { DEFAULT_COMMAND_TIMEOUT_MS } from "./kv/redis-proxy/command-timeout.ts";

export const DEFAULT_HOST = "127.0.0.1";
export const DEFAULT_HTTP_PORT = 8079;
export const DEFAULT_RESP_PORT = 6399;
/** Where the CLI keeps data when given no `--data-dir` (in the working directory). */
export const DEFAULT_DATA_DIR = ".stratus";

const port = z.coerce.number().int().min(0).max(65_535);

export const EmulatorConfigSchema = z.object({
  host: z.string().min(1).default(DEFAULT_HOST).describe("address to bind"),
  port: port.default(DEFAULT_HTTP_PORT).describe("HTTP port (0 = random)"),
  respPort: port
    .nullable()
    .default(DEFAULT_RESP_PORT)
    .describe("RESP port, RESP2 and RESP3 (0 = random, null = off)"),
  respAuth: z
    .enum(["token", "none"])
    .default("token")
    .describe("token: the RESP port requires a database's token (AUTH); none: the port is open"),
  dataDir: z
    .string()
    .min(1)
    .optional()
    .describe("directory to persist data in (absent: in memory)"),
  fsync: z
    .enum(["always", "everysec", "no"])
    .default("everysec")
    .describe("when writes reach the disk, as Redis's appendfsync"),
  redisUrl: z
    .string()
    .regex(/^rediss?:\/\/\S+$/, "must look like redis://[user:password@]host:port[/db]")
    .optional()
    .describe("proxy to this Redis instead of the embedded engine"),
  redisCommandTimeoutMs: z.coerce
    .number()
    .int()
    .min(0)
    // setTimeout's largest delay (a signed 32-bit count of ms, about 24.8 days).
    .max(2_147_483_647)
    .default(DEFAULT_COMMAND_TIMEOUT_MS)
    .describe(
      "how long the proxy waits for a reply from --redis-url before answering 503 (0 = off)",
    ),
  token: z.string().min(1).optional().describe("Standard token of the default database"),
  readOnlyToken: z.string().min(1).optional().describe("Read Only token of the default database"),
  email: z.string().min(1).optional().describe("management API user"),
  apiKey: z.string().min(1).optional().describe("management API key"),
  maxRequestBytes: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  dailyRequestLimit: z.coerce.number().int().positive().optional(),
  qstashDailyLimit: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .describe("messages per UTC day per queue instance (undefined = off)"),
  qstashGlobalParallelism: z.coerce
    .number()
    .int()
    .min(0)
    .optional()
    .describe("deliveries in flight per queue instance (undefined = the plan's; 0 = no cap)"),
  vectorIndexingDelayMs: z.coerce
    .number()
    .int()
    .min(0)
    .default(0)
    .describe("how long vector writes stay pending before queries see them"),
  vectorAnnMinVectors: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .describe("dense vectors a namespace needs before its queries use the HNSW graph"),
  configFile: z
    .string()
    .min(1)
    .optional()
    .describe("JSON file declaring databases, vector indexes, teams, tokens and limits"),
  qstashDevPort: port
    .nullable()
    .default(null)
    .describe(
      "also serve the queue API at the root of this port with @upstash/qstash's dev-mode credentials (null = off)",
    ),
  seedFile: z
    .string()
    .min(1)
    .optional()
    .describe("JSON file of state applied at start and on reset (control/state.ts)"),
  faultsFile: z
    .string()
    .min(1)
    .optional()
    .describe("JSON file of fault rules active from start (http/faults.ts)"),
  importFile: z
    .string()
    .min(1)
    .optional()
    .describe("RDB file loaded into the default database at start (kv/rdb-file.ts)"),
  faults: z
    .array(z.string().min(1))
    .default([])
    .describe("fault rules as `--fault` writes them (http/faults.ts)"),
});

/** Where `@upstash/qstash` looks for its dev server when `QSTASH_DEV_PORT` is unset. */
export const DEFAULT_QSTASH_DEV_PORT = 8080;

export type EmulatorConfig = z.output<typeof EmulatorConfigSchema>;
export type EmulatorConfigInput = z.input<typeof EmulatorConfigSchema>;

/** Flag name → the environment variable that sets it when the flag is absent. */
const ENV_TWINS = {
  host: "STRATUS_HOST",
  port: "STRATUS_PORT",
  "resp-port": "STRATUS_RESP_PORT",
  "no-resp": "STRATUS_NO_RESP",
  "resp-auth": "STRATUS_RESP_AUTH",
  "data-dir": "STRATUS_DATA_DIR",
  "in-memory": "STRATUS_IN_MEMORY",
  fsync: "STRATUS_FSYNC",
  "redis-url": "STRATUS_REDIS_URL",
  "redis-command-timeout-ms": "STRATUS_REDIS_COMMAND_TIMEOUT_MS",
  token: "STRATUS_TOKEN",
  "read-only-token": "STRATUS_READ_ONLY_TOKEN",
  email: "STRATUS_EMAIL",
  "api-key": "STRATUS_API_KEY",
  "max-request-bytes": "STRATUS_MAX_REQUEST_BYTES",
  "daily-request-limit": "STRATUS_DAILY_REQUEST_LIMIT",
  "vector-indexing-delay-ms": "STRATUS_VECTOR_INDEXING_DELAY_MS",
  "vector-ann-min-vectors": "STRATUS_VECTOR_ANN_MIN_VECTORS",
  json: "STRATUS_JSON",
  workers: "STRATUS_WORKERS",
  config: "STRATUS_CONFIG",
  "qstash-dev": "STRATUS_QSTASH_DEV",
  "qstash-dev-port": "STRATUS_QSTASH_DEV_PORT",
  "qstash-daily-limit": "STRATUS_QSTASH_DAILY_LIMIT",
  "qstash-global-parallelism": "STRATUS_QSTASH_GLOBAL_PARALLELISM",
  seed: "STRATUS_SEED",
  import: "STRATUS_IMPORT",
  faults: "STRATUS_FAULTS",
  fault: "STRATUS_FAULT",
} as const;

type FlagName = keyof typeof ENV_TWINS;
const BOOLEAN_FLAGS = new Set<FlagName>(["no-resp", "in-memory", "json", "qstash-dev"]);

export const HELP_TEXT = `Usage: stratus-emulator [options]

Serves the key-value REST API (and RESP2 over TCP) on an embedded Redis engine, or in front of a
real Redis with --redis-url. Every option has an environment twin.

Options:
  --host HOST               address to bind (STRATUS_HOST, default ${DEFAULT_HOST})
  --port PORT               HTTP port, 0 for a random one (STRATUS_PORT, default ${DEFAULT_HTTP_PORT})
  --resp-port PORT          RESP port (RESP2 and RESP3), 0 for a random one (STRATUS_RESP_PORT, default ${DEFAULT_RESP_PORT})
  --no-resp                 do not serve RESP (STRATUS_NO_RESP=1)
  --resp-auth MODE          token: RESP clients AUTH with a database's token, which selects the
                            database; none: an open port serving the default database to anyone
                            on the machine (STRATUS_RESP_AUTH, default token)
  --data-dir DIR            persist data in DIR (STRATUS_DATA_DIR, default ./${DEFAULT_DATA_DIR})
  --in-memory               keep nothing on disk (STRATUS_IN_MEMORY=1)
  --fsync POLICY            always, everysec or no, as Redis's appendfsync (STRATUS_FSYNC, default everysec)
  --redis-url URL           proxy to a real Redis instead of the embedded engine (STRATUS_REDIS_URL)
  --redis-command-timeout-ms N
                            with --redis-url: how long to wait for each reply (and a new
                            connection's first) before answering 503 and replacing the
                            connection; the clock restarts at every reply, blocking commands
                            get their own timeout on top, subscriptions and MONITOR are
                            exempt; 0 = no limit
                            (STRATUS_REDIS_COMMAND_TIMEOUT_MS, default ${DEFAULT_COMMAND_TIMEOUT_MS})
  --token TOKEN             Standard token of the default database (STRATUS_TOKEN; default generated)
  --read-only-token TOKEN   Read Only token of the default database (STRATUS_READ_ONLY_TOKEN)
  --email EMAIL             management API user (STRATUS_EMAIL)
  --api-key KEY             management API key (STRATUS_API_KEY)
  --max-request-bytes N     largest accepted request (STRATUS_MAX_REQUEST_BYTES, default 10 MiB)
  --daily-request-limit N   commands per UTC day per database (STRATUS_DAILY_REQUEST_LIMIT, default off)
  --config FILE             JSON file declaring databases, vector indexes, teams, tokens and
                            limits, created at start (STRATUS_CONFIG); flags win over it
  --vector-indexing-delay-ms N
                            how long vector writes stay pending (STRATUS_VECTOR_INDEXING_DELAY_MS, default 0)
  --vector-ann-min-vectors N
                            dense vectors a namespace holds before queries use its HNSW graph
                            (STRATUS_VECTOR_ANN_MIN_VECTORS, default 20000); docs/vector-search.md
  --qstash-dev              serve the queue API on 127.0.0.1:${DEFAULT_QSTASH_DEV_PORT} with the credentials of
                            @upstash/qstash's dev mode (QSTASH_DEV=true), so such apps need no
                            change and no download (STRATUS_QSTASH_DEV=1)
  --qstash-dev-port PORT    the same on PORT; match QSTASH_DEV_PORT (STRATUS_QSTASH_DEV_PORT)
  --qstash-daily-limit N    messages per UTC day per queue instance, then 429 as the service's
                            daily quota (STRATUS_QSTASH_DAILY_LIMIT, default off)
  --qstash-global-parallelism N
                            deliveries in flight per queue instance, 0 for no cap
                            (STRATUS_QSTASH_GLOBAL_PARALLELISM, default the plan's
                            max_global_parallelism: 100 on free and pay as you go)
  --seed FILE               JSON state applied at start and on reset: {"kv": {"default": [["SET",
                            "k", "v"]]}, "vector": {"default": [{"id": "a", "vector": […]}]}}
                            (STRATUS_SEED); reset with POST /_stratus/reset (management auth)
  --import FILE             load an RDB file (redis-server's dump.rdb) into the default database at
                            start (STRATUS_IMPORT); also: stratus-emulator import|export --help
                            and, for the whole emulator, stratus-emulator snapshot --help
  --faults FILE             JSON list of fault rules active from start (STRATUS_FAULTS)
  --fault RULE              one fault rule, repeatable, e.g. "kv:latency=200" or
                            "vector:error=429-requests,every=3" (STRATUS_FAULT); see README
  --json                    print the start-up details as one JSON line (STRATUS_JSON=1)
  --workers N               serve --redis-url from N processes sharing the ports (STRATUS_WORKERS);
                            needs --redis-url, keeps no data directory, and serves neither vector
                            indexes nor the management API (per-process state); a worker that dies
                            is reported, not restarted, and the last one's exit stops the emulator
  --help                    print this help
`;

export type CliCommand =
  | { readonly kind: "help" }
  | {
      readonly kind: "start";
      readonly config: EmulatorConfig;
      readonly isJson: boolean;
      /** `--workers N`: how many cluster workers serve the proxy (cluster.ts); absent: this process. */
      readonly workers?: number;
    };

function parseBooleanEnv(name: string, value: string): boolean {
  if (/^(1|true|yes)$/i.test(value)) {
    return true;
  }
  if (/^(0|false|no|)$/i.test(value)) {
    return false;
  }
  throw new EmulatorError("ERR_INVALID_OPTIONS", `${name} must be 1 or 0, got '${value}'`);
}

/** `--fault` rules, each flag one; else `STRATUS_FAULT`, rules separated by `;`. */
function faultFlags(
  fromFlags: string | boolean | (string | boolean)[] | undefined,
  fromEnv: string | undefined,
): string[] {
  if (Array.isArray(fromFlags)) {
    return fromFlags.filter((rule): rule is string => typeof rule === "string");
  }
  return (fromEnv ?? "")
    .split(";")
    .map((rule) => rule.trim())
    .filter((rule) => rule !== "");
}

/**
 * `STRATUS_*` variables that belong to other Stratus tools (the TUI's connection settings): a
 * shell set up for `stratus-tui` must still start the emulator, so these are not typos.
 */
const OTHER_TOOLS_VARIABLES = [
  "STRATUS_MANAGEMENT_URL",
  "STRATUS_KV_URL",
  "STRATUS_KV_TOKEN",
  "STRATUS_VECTOR_URL",
  "STRATUS_VECTOR_TOKEN",
] as const;

/**
 * The command line without a leading `--`: `pnpm start -- --in-memory` (and `npm run start --`)
 * pass the separator through to the program, where it would end the options.
 */
export function commandLineArguments(argv: readonly string[]): readonly string[] {
  return argv[0] === "--" ? argv.slice(1) : argv;
}

/** Parses argv and the environment into a validated configuration, or a request for help. */
export function readCliConfig(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>> = process.env,
): CliCommand {
  const flagOptions = Object.fromEntries(
    (Object.keys(ENV_TWINS) as FlagName[]).map((flag) => [
      flag,
      // `--fault` repeats: one rule each.
      { type: BOOLEAN_FLAGS.has(flag) ? "boolean" : "string", multiple: flag === "fault" },
    ]),
  ) as Record<FlagName, { type: "boolean" | "string"; multiple: boolean }>;
  let values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: { ...flagOptions, help: { type: "boolean" } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error: unknown) {
    throw new EmulatorError("ERR_INVALID_OPTIONS", `${(error as Error).message} (see --help)`, {
      cause: error,
    });
  }
  if (values["help"] === true) {
    return { kind: "help" };
  }
  const known = new Set<string>([...Object.values(ENV_TWINS), ...OTHER_TOOLS_VARIABLES]);
  const unknown = Object.keys(env).filter(
    (name) => name.startsWith("STRATUS_") && !known.has(name),
  );
  if (unknown.length > 0) {
    throw new EmulatorError(
      "ERR_INVALID_OPTIONS",
      `unknown environment variable ${unknown.join(", ")} (see --help)`,
    );
  }
  const read = (flag: FlagName): string | boolean | undefined => {
    const fromFlag = values[flag];
    if (Array.isArray(fromFlag)) {
      return fromFlag.join(";");
    }
    if (fromFlag !== undefined) {
      return fromFlag;
    }
    const fromEnv = env[ENV_TWINS[flag]];
    if (fromEnv === undefined) {
      return undefined;
    }
    return BOOLEAN_FLAGS.has(flag) ? parseBooleanEnv(ENV_TWINS[flag], fromEnv) : fromEnv;
  };
  const dataDir = read("data-dir");
  if (read("in-memory") === true && dataDir !== undefined) {
    throw new EmulatorError(
      "ERR_INVALID_OPTIONS",
      "--in-memory and --data-dir contradict each other",
    );
  }
  const raw = {
    host: read("host"),
    port: read("port"),
    respPort: read("no-resp") === true ? null : read("resp-port"),
    respAuth: read("resp-auth"),
    // The CLI persists by default; --in-memory keeps nothing.
    dataDir:
      read("in-memory") === true
        ? undefined
        : resolve(typeof dataDir === "string" ? dataDir : DEFAULT_DATA_DIR),
    fsync: read("fsync"),
    redisUrl: read("redis-url"),
    redisCommandTimeoutMs: read("redis-command-timeout-ms"),
    token: read("token"),
    readOnlyToken: read("read-only-token"),
    email: read("email"),
    apiKey: read("api-key"),
    maxRequestBytes: read("max-request-bytes"),
    dailyRequestLimit: read("daily-request-limit"),
    vectorIndexingDelayMs: read("vector-indexing-delay-ms"),
    vectorAnnMinVectors: read("vector-ann-min-vectors"),
    qstashDailyLimit: read("qstash-daily-limit"),
    qstashGlobalParallelism: read("qstash-global-parallelism"),
    qstashDevPort:
      read("qstash-dev-port") ?? (read("qstash-dev") === true ? DEFAULT_QSTASH_DEV_PORT : null),
    configFile: (() => {
      const file = read("config");
      return typeof file === "string" ? resolve(file) : undefined;
    })(),
    seedFile: (() => {
      const file = read("seed");
      return typeof file === "string" ? resolve(file) : undefined;
    })(),
    importFile: (() => {
      const file = read("import");
      return typeof file === "string" ? resolve(file) : undefined;
    })(),
    faultsFile: (() => {
      const file = read("faults");
      return typeof file === "string" ? resolve(file) : undefined;
    })(),
    faults: faultFlags(values["fault"], env["STRATUS_FAULT"]),
  };
  const config = parseConfig(raw, "--");
  const workers = readWorkers(read);
  return {
    kind: "start",
    config,
    isJson: read("json") === true,
    ...(workers === undefined ? {} : { workers }),
  };
}

/** More worker processes than this only adds switching, even on large machines. */
const MAX_WORKERS = 64;

/**
 * `--workers N`. Only the proxy backend is stateless: the embedded engine, a data directory, the
 * config file's databases and indexes, and the daily request count live in one process, and N
 * processes would each hold their own, so each of those contradicts `--workers`.
 */
function readWorkers(read: (flag: FlagName) => string | boolean | undefined): number | undefined {
  const value = read("workers");
  if (value === undefined) {
    return undefined;
  }
  const workers = Number(value);
  if (!Number.isInteger(workers) || workers < 1 || workers > MAX_WORKERS) {
    throw new EmulatorError(
      "ERR_INVALID_OPTIONS",
      `--workers: must be a whole number from 1 to ${MAX_WORKERS}, got '${String(value)}'`,
    );
  }
  const contradictions: [FlagName, string][] = [
    ["data-dir", "--data-dir cannot be used with --workers: proxy workers keep no data directory"],
    [
      "config",
      "--config cannot be used with --workers: its databases, indexes and teams would exist in one worker only (use --token and --read-only-token)",
    ],
    [
      "daily-request-limit",
      "--daily-request-limit cannot be used with --workers: each worker would count its own requests",
    ],
  ];
  if (read("redis-url") === undefined) {
    throw new EmulatorError(
      "ERR_INVALID_OPTIONS",
      "--workers needs --redis-url: only the proxy backend is stateless; the embedded engine lives in one process",
    );
  }
  for (const [flag, message] of contradictions) {
    if (read(flag) !== undefined) {
      throw new EmulatorError("ERR_INVALID_OPTIONS", message);
    }
  }
  return workers;
}

/**
 * The variable through which a `--workers` primary hands the configuration it resolved (with its
 * generated tokens) to its workers, so that every worker accepts the same tokens (cluster.ts).
 * Users do not set it: `readCliConfig` rejects it as unknown.
 */
export const WORKER_CONFIG_VARIABLE = "STRATUS_WORKER_CONFIG";

/** In a `--workers` worker process: the configuration its primary resolved. */
export function readWorkerConfig(
  env: Readonly<Record<string, string | undefined>> = process.env,
): EmulatorConfig {
  const json = env[WORKER_CONFIG_VARIABLE];
  if (json === undefined) {
    throw new EmulatorError("ERR_INTERNAL", `a worker started without ${WORKER_CONFIG_VARIABLE}`);
  }
  return parseConfig(JSON.parse(json));
}

/** Validates a configuration, naming the failing option in the error. */
export function parseConfig(raw: unknown, prefix = ""): EmulatorConfig {
  const parsed = EmulatorConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? "?").replace(
      /[A-Z]/g,
      (letter) => `-${letter.toLowerCase()}`,
    );
    throw new EmulatorError(
      "ERR_INVALID_OPTIONS",
      `${prefix}${name}: ${issue?.message ?? "invalid"}`,
    );
  }
  return parsed.data;
}
