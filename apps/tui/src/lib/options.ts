/**
 * The TUI's options: flags, their `STRATUS_*` environment twins, the names the emulator's start-up
 * block prints (`UPSTASH_REDIS_REST_URL`, …), then the connection file of an emulator's data
 * directory (`./.stratus` or `--data-dir`), validated with
 * {@link CliOptionsSchema}, whose `.describe()` texts are the `--help` lines (STYLE.md §10).
 * Defaults match a local emulator started with its own defaults.
 */
import { parseArgs } from "node:util";
import { type ConnectionDetails, STATS_PERIODS, type StatsPeriod } from "@stratus/core/schemas";
import { z } from "zod";

/** Where `stratus-emulator` listens unless told otherwise. */
export const DEFAULT_EMULATOR_URL = "http://127.0.0.1:8079";

/** What `cli.tsx` can be asked to do. */
export const CLI_COMMANDS = ["ui", "stats", "resources", "command"] as const;

/** One of {@link CLI_COMMANDS}. */
export type CliCommand = (typeof CLI_COMMANDS)[number];

const url = (fallback: string): z.ZodDefault<z.ZodString> =>
  z
    .string()
    .refine((text) => URL.canParse(text) && /^https?:/.test(text), "must be an http(s) URL")
    .default(fallback);

const optionalText = (): z.ZodOptional<z.ZodString> => z.string().min(1).optional();

/** Every option, after flags and environment are merged. */
export const CliOptionsSchema = z.object({
  managementUrl: url(`${DEFAULT_EMULATOR_URL}/v2`).describe("management API base URL"),
  email: optionalText().describe("management API email (Basic auth user)"),
  apiKey: optionalText().describe("management API key (Basic auth password)"),
  kvUrl: url(DEFAULT_EMULATOR_URL).describe("key-value REST URL"),
  kvToken: optionalText().describe("key-value REST token (the emulator prints it at start-up)"),
  vectorUrl: url(`${DEFAULT_EMULATOR_URL}/vector/default`).describe("vector REST URL"),
  vectorToken: optionalText().describe("vector REST token"),
  period: z.enum(STATS_PERIODS).default("1h").describe("stats period: 1h 3h 12h 1d 3d 7d 30d"),
  database: optionalText().describe("database id for `stats` (default: the first one)"),
  vectorIndex: optionalText().describe("vector index id for `stats` (instead of a database)"),
  refreshMs: z.coerce
    .number()
    .int()
    .min(500)
    .default(5000)
    .describe("stats auto-refresh interval, milliseconds"),
  once: z.boolean().default(false).describe("print one snapshot and exit (scripts, CI)"),
  json: z.boolean().default(false).describe("print JSON instead of text"),
});

/** The validated options. */
export type CliOptions = z.output<typeof CliOptionsSchema>;

/** What the command line asked for. */
export type ParsedCli =
  | { readonly kind: "help" }
  | { readonly kind: "error"; readonly message: string }
  | {
      readonly kind: "run";
      readonly command: CliCommand;
      /** The words after the command (`command SET k v`). */
      readonly words: readonly string[];
      readonly options: CliOptions;
    };

/**
 * Flag name ↔ option key ↔ environment variables (first wins; `STRATUS_*` before the names the
 * emulator's start-up block prints) ↔ field of the connection file; the one table `--help` is
 * printed from.
 */
const FLAGS = [
  ["management-url", "managementUrl", ["STRATUS_MANAGEMENT_URL"], "managementUrl"],
  ["email", "email", ["STRATUS_EMAIL", "UPSTASH_EMAIL"], "email"],
  ["api-key", "apiKey", ["STRATUS_API_KEY", "UPSTASH_API_KEY"], "apiKey"],
  ["kv-url", "kvUrl", ["STRATUS_KV_URL", "UPSTASH_REDIS_REST_URL"], "url"],
  ["kv-token", "kvToken", ["STRATUS_KV_TOKEN", "UPSTASH_REDIS_REST_TOKEN"], "token"],
  ["vector-url", "vectorUrl", ["STRATUS_VECTOR_URL", "UPSTASH_VECTOR_REST_URL"], "vectorUrl"],
  [
    "vector-token",
    "vectorToken",
    ["STRATUS_VECTOR_TOKEN", "UPSTASH_VECTOR_REST_TOKEN"],
    "vectorToken",
  ],
  ["period", "period", [], undefined],
  ["database", "database", [], undefined],
  ["vector-index", "vectorIndex", [], undefined],
  ["refresh-ms", "refreshMs", [], undefined],
] as const satisfies readonly (readonly [
  string,
  keyof CliOptions,
  readonly string[],
  keyof ConnectionDetails | undefined,
])[];

/** The folder `stratus-emulator` keeps its data in by default, relative to where it runs. */
export const DEFAULT_DATA_DIR = ".stratus";

/**
 * Reads the connection file of the data directory `dir`: its details, `undefined` when there is
 * none, or a message saying what is wrong with it. Injected, so parsing stays free of I/O.
 */
export type ConnectionReader = (dir: string) => ConnectionDetails | string | undefined;

/** Where credentials may be found besides flags and the environment. */
export interface Discovery {
  readonly readConnection: ConnectionReader;
}

const SWITCHES = [
  ["once", "once"],
  ["json", "json"],
] as const satisfies readonly (readonly [string, keyof CliOptions])[];

/** The environment variables the TUI reads. */
export type CliEnvironment = Readonly<Record<string, string | undefined>>;

function isCliCommand(word: string): word is CliCommand {
  return (CLI_COMMANDS as readonly string[]).includes(word);
}

/**
 * Parses `argv` (without `node` and the script) and the environment. Flags win over the
 * environment, which wins over the defaults. Never throws: a mistake is `{ kind: "error" }`.
 */
export function parseCli(
  argv: readonly string[],
  env: CliEnvironment,
  discovery: Discovery = { readConnection: () => undefined },
): ParsedCli {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        help: { type: "boolean", short: "h" },
        "data-dir": { type: "string" },
        ...Object.fromEntries(FLAGS.map(([flag]) => [flag, { type: "string" as const }])),
        ...Object.fromEntries(SWITCHES.map(([flag]) => [flag, { type: "boolean" as const }])),
      },
    });
  } catch (error: unknown) {
    return { kind: "error", message: error instanceof Error ? error.message : String(error) };
  }
  if (parsed.values["help"] === true) {
    return { kind: "help" };
  }
  const [first = "ui", ...words] = parsed.positionals;
  if (!isCliCommand(first)) {
    return { kind: "error", message: `Unknown command "${first}"; try --help` };
  }
  const dataDirFlag = parsed.values["data-dir"] ?? env["STRATUS_DATA_DIR"];
  const dataDir = typeof dataDirFlag === "string" && dataDirFlag !== "" ? dataDirFlag : undefined;
  const connection = discovery.readConnection(dataDir ?? DEFAULT_DATA_DIR);
  if (typeof connection === "string") {
    return { kind: "error", message: connection };
  }
  if (connection === undefined && dataDir !== undefined) {
    return {
      kind: "error",
      message: `--data-dir: ${dataDir} has no connection file; is stratus-emulator running with --data-dir ${dataDir}?`,
    };
  }
  const raw: Record<string, unknown> = {};
  for (const [flag, key, variables, field] of FLAGS) {
    const candidates = [
      parsed.values[flag],
      ...variables.map((variable) => env[variable]),
      field === undefined ? undefined : connection?.[field],
    ];
    const value = candidates.find((candidate) => typeof candidate === "string" && candidate !== "");
    if (value !== undefined) {
      raw[key] = value;
    }
  }
  for (const [flag, key] of SWITCHES) {
    raw[key] = parsed.values[flag] === true;
  }
  const result = CliOptionsSchema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0];
    const key = String(issue?.path[0] ?? "");
    const flag = FLAGS.find(([, name]) => name === key)?.[0] ?? key;
    return { kind: "error", message: `--${flag}: ${issue?.message ?? "invalid value"}` };
  }
  return { kind: "run", command: first, words, options: result.data };
}

/** The `--help` text, built from the schema's descriptions. */
export function helpText(): string {
  const shape = CliOptionsSchema.shape;
  const lines = [
    "Usage: stratus-tui [command] [options]",
    "",
    "Commands:",
    "  ui (default)        the interactive terminal UI",
    "  stats               stats of a database or vector index (--once --json for scripts)",
    "  resources           list databases, vector and search indexes, queues and teams",
    "  command WORD...     run one key-value command and print its result",
    "",
    "Options:",
  ];
  const rows: (readonly [string, string])[] = [
    ...FLAGS.map(([flag, key, variables]): readonly [string, string] => {
      const env = variables.length === 0 ? "" : ` (${variables.join(", ")})`;
      return [`--${flag} VALUE`, `${shape[key].description ?? ""}${env}`];
    }),
    ...SWITCHES.map(([flag, key]): readonly [string, string] => [
      `--${flag}`,
      shape[key].description ?? "",
    ]),
    ["--data-dir DIR", `read the connection file of the emulator using DIR (STRATUS_DATA_DIR)`],
    ["-h, --help", "show this help"],
  ];
  // The description column starts two spaces after the longest option, whatever its length.
  const width = Math.max(...rows.map(([left]) => left.length)) + 2;
  for (const [left, right] of rows) {
    lines.push(`  ${left.padEnd(width)}${right}`);
  }
  lines.push(
    "",
    `Each option comes from its flag, else its variables, else the connection file that a running`,
    `stratus-emulator writes into its data directory (./${DEFAULT_DATA_DIR}, or --data-dir), else the`,
    `defaults, which match a local emulator: ${DEFAULT_EMULATOR_URL}, management at /v2, vector at`,
    `/vector/default.`,
  );
  return `${lines.join("\n")}\n`;
}

/** The stats periods in switch order. */
export const PERIODS: readonly StatsPeriod[] = STATS_PERIODS;
