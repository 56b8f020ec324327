/**
 * The emulator's configuration: flags and `STRATUS_*` variables, validated once at start-up.
 * This is the only module that reads `process.env` (STYLE.md §7.8).
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { EmulatorError } from "./errors.ts";

export const DEFAULT_HOST = "127.0.0.1";
export const DEFAULT_HTTP_PORT = 8079;

export const EmulatorConfigSchema = z.object({
  host: z.string().min(1).default(DEFAULT_HOST).describe("address to bind"),
  port: z.coerce
    .number()
    .int()
    .min(0)
    .max(65_535)
    .default(DEFAULT_HTTP_PORT)
    .describe("HTTP port (0 = random)"),
});

export type EmulatorConfig = z.output<typeof EmulatorConfigSchema>;
export type EmulatorOptions = z.input<typeof EmulatorConfigSchema>;

/** Flag name → the environment variable that sets it when the flag is absent. */
const ENV_TWINS = {
  host: "STRATUS_HOST",
  port: "STRATUS_PORT",
} as const;

export const HELP_TEXT = `Usage: stratus-emulator [options]

Options:
  --host HOST   address to bind (env STRATUS_HOST, default ${DEFAULT_HOST})
  --port PORT   HTTP port, 0 for a random one (env STRATUS_PORT, default ${DEFAULT_HTTP_PORT})
  --help        print this help
`;

export type CliCommand =
  | { readonly kind: "help" }
  | { readonly kind: "start"; readonly config: EmulatorConfig };

/** Parses argv and the environment into a validated configuration, or a request for help. */
export function readCliConfig(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>> = process.env,
): CliCommand {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: { host: { type: "string" }, port: { type: "string" }, help: { type: "boolean" } },
      strict: true,
    }));
  } catch (error: unknown) {
    throw new EmulatorError("ERR_INVALID_OPTIONS", (error as Error).message, { cause: error });
  }
  if (values["help"] === true) {
    return { kind: "help" };
  }
  const known = new Set<string>(Object.values(ENV_TWINS));
  const unknown = Object.keys(env).filter(
    (name) => name.startsWith("STRATUS_") && !known.has(name),
  );
  if (unknown.length > 0) {
    throw new EmulatorError(
      "ERR_INVALID_OPTIONS",
      `unknown environment variable ${unknown.join(", ")}`,
    );
  }
  const raw: Record<string, unknown> = {};
  for (const [flag, variable] of Object.entries(ENV_TWINS)) {
    raw[flag] = values[flag] ?? env[variable];
  }
  const parsed = EmulatorConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new EmulatorError(
      "ERR_INVALID_OPTIONS",
      `--${issue?.path.join(".") ?? "?"}: ${issue?.message ?? "invalid"}`,
    );
  }
  return { kind: "start", config: parsed.data };
}
