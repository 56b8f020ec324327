/**
 * `--config FILE`: a JSON file declaring the default database's tokens, limits, the management
 * credentials, and the databases, vector indexes, search databases and teams to create at start, so a setup is
 * reproducible in tests and CI. Validated with zod; an error names the failing path
 * (`databases[1].name: …`). Flags and `STRATUS_*` variables win over the file.
 */
import { readFile } from "node:fs/promises";
import { formatZodIssue, IndexTypeSchema, SimilarityFunctionSchema } from "@stratus/core/schemas";
import { z } from "zod";
import { EmulatorError } from "../errors.ts";

const name = z.string().min(1, "must not be empty");
const token = z.string().min(1, "must not be empty");

export const ConfigFileSchema = z
  .object({
    /** Standard token of the default database. */
    token: token.optional(),
    /** Read Only token of the default database. */
    readOnlyToken: token.optional(),
    /** Management API user. */
    email: z.string().min(1).optional(),
    /** Management API key. */
    apiKey: z.string().min(1).optional(),
    /** Limits of every key-value database. */
    limits: z
      .object({
        maxRequestBytes: z.int().positive().optional(),
        dailyRequestLimit: z.int().positive().optional(),
      })
      .strict()
      .optional(),
    /** Key-value databases, created once (by name) and served at `/redis/{name}`. */
    databases: z
      .array(z.object({ name, token: token.optional(), readOnlyToken: token.optional() }).strict())
      .default([]),
    /** Vector indexes, created once (by name) and served at `/vector/{name}`. */
    vectorIndexes: z
      .array(
        z
          .object({
            name,
            type: IndexTypeSchema.default("DENSE"),
            dimension: z.int().positive().optional(),
            similarity: SimilarityFunctionSchema.default("COSINE"),
            denseEmbeddingModel: z.string().min(1).optional(),
            sparseEmbeddingModel: z.string().min(1).optional(),
            token: token.optional(),
            readOnlyToken: token.optional(),
          })
          .strict(),
      )
      .default([]),
    /** Search databases, created once (by name) and served at `/search/{name}`. */
    searchDatabases: z
      .array(z.object({ name, token: token.optional(), readOnlyToken: token.optional() }).strict())
      .default([]),
    /** Teams, created once (by name), with their members. */
    teams: z
      .array(
        z
          .object({
            name,
            members: z
              .array(
                z
                  .object({
                    email: z.string().min(1),
                    role: z.enum(["admin", "dev", "finance"]),
                  })
                  .strict(),
              )
              .default([]),
          })
          .strict(),
      )
      .default([]),
  })
  .strict();

/** A parsed config file. */
export type ConfigFile = z.output<typeof ConfigFileSchema>;

/** Validates a config file's JSON value; the error names the failing path. */
export function parseConfigFile(value: unknown, source = "--config"): ConfigFile {
  const parsed = ConfigFileSchema.safeParse(value);
  if (!parsed.success) {
    throw new EmulatorError(
      "ERR_INVALID_OPTIONS",
      `${source}: ${formatZodIssue(parsed.error, value)}`,
    );
  }
  return parsed.data;
}

/** Reads and validates `path`. */
export async function readConfigFile(path: string): Promise<ConfigFile> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error: unknown) {
    throw new EmulatorError(
      "ERR_INVALID_OPTIONS",
      `--config ${path}: cannot read the file (${(error as Error).message})`,
      { cause: error },
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error: unknown) {
    throw new EmulatorError(
      "ERR_INVALID_OPTIONS",
      `--config ${path}: not valid JSON (${(error as Error).message})`,
      { cause: error },
    );
  }
  return parseConfigFile(value, `--config ${path}`);
}

/** What {@link applyConfigFile} drives: the management services' declare-once operations. */
export interface DeclarativeManagement {
  readonly teams: { ensure(team: ConfigFile["teams"][number]): Promise<unknown> };
  readonly databases: { ensure(database: ConfigFile["databases"][number]): Promise<unknown> };
  readonly vectorIndexes: {
    ensure(index: ConfigFile["vectorIndexes"][number]): Promise<unknown>;
  };
  readonly searchIndexes: {
    ensure(database: ConfigFile["searchDatabases"][number]): Promise<unknown>;
  };
}

/** Creates what the file declares and is not there yet (a persisted data directory keeps it). */
export async function applyConfigFile(
  file: ConfigFile,
  management: DeclarativeManagement,
): Promise<void> {
  const apply = async (path: string, run: () => Promise<unknown>): Promise<void> => {
    try {
      await run();
    } catch (error: unknown) {
      // A declaration the services refuse is a start-up error naming it, like a schema failure.
      throw new EmulatorError(
        "ERR_INVALID_OPTIONS",
        `--config: ${path}: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
  };
  for (const [index, team] of file.teams.entries()) {
    await apply(`teams[${index}]`, () => management.teams.ensure(team));
  }
  for (const [index, database] of file.databases.entries()) {
    await apply(`databases[${index}]`, () => management.databases.ensure(database));
  }
  for (const [index, vectorIndex] of file.vectorIndexes.entries()) {
    await apply(`vectorIndexes[${index}]`, () =>
      management.vectorIndexes.ensure(stripUndefined(vectorIndex)),
    );
  }
  for (const [index, database] of file.searchDatabases.entries()) {
    await apply(`searchDatabases[${index}]`, () =>
      management.searchIndexes.ensure(stripUndefined(database)),
    );
  }
}

/** Drops keys whose value is undefined (`exactOptionalPropertyTypes`). */
function stripUndefined<TValue extends object>(value: TValue): TValue {
  return Object.fromEntries(
    Object.entries(value).filter(([, entry]) => entry !== undefined),
  ) as TValue;
}

/** The settings a config file may provide; flags given explicitly win over it. */
interface FileSettableConfig {
  readonly token?: string | undefined;
  readonly readOnlyToken?: string | undefined;
  readonly email?: string | undefined;
  readonly apiKey?: string | undefined;
  readonly maxRequestBytes: number;
  readonly dailyRequestLimit?: number | undefined;
}

/**
 * `config` with the file's values where no flag set them. `explicit` is the unparsed input, to
 * tell a defaulted `maxRequestBytes` from one given on purpose.
 */
export function withConfigFile<TConfig extends FileSettableConfig>(
  config: TConfig,
  file: ConfigFile,
  explicit: { readonly maxRequestBytes?: unknown },
): TConfig {
  const fromFile = {
    token: config.token ?? file.token,
    readOnlyToken: config.readOnlyToken ?? file.readOnlyToken,
    email: config.email ?? file.email,
    apiKey: config.apiKey ?? file.apiKey,
    maxRequestBytes:
      explicit.maxRequestBytes === undefined
        ? (file.limits?.maxRequestBytes ?? config.maxRequestBytes)
        : config.maxRequestBytes,
    dailyRequestLimit: config.dailyRequestLimit ?? file.limits?.dailyRequestLimit,
  };
  return { ...config, ...stripUndefined(fromFile) };
}
