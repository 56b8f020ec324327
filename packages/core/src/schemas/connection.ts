/**
 * The connection file: what a running emulator with a data directory writes beside its data, so
 * tools started in the same directory (`stratus-tui`) find its URLs, tokens and management
 * credentials without flags. The same fields as `stratus-emulator --json` prints at start-up.
 */
import { z } from "zod";

/** The file's name inside the data directory. */
export const CONNECTION_FILE_NAME = "connection.json";

/** The emulator's start-up details, as `--json` prints them and the connection file holds them. */
export const ConnectionDetailsSchema = z.object({
  url: z.string(),
  token: z.string(),
  readOnlyToken: z.string(),
  respAddress: z.string().nullable(),
  dataDir: z.string().nullable(),
  vectorUrl: z.string(),
  vectorToken: z.string(),
  vectorReadOnlyToken: z.string(),
  managementUrl: z.string(),
  email: z.string(),
  apiKey: z.string(),
  // The fields below came after the first release: optional, so a file an older emulator wrote
  // still reads.
  /** How the RESP port is guarded (`--resp-auth`); null when it is off. */
  respAuth: z.enum(["token", "none"]).nullable().optional(),
  /** `redis://default:<token>@host:port` for Redis clients; null when the RESP port is off. */
  redisUrl: z.string().nullable().optional(),
  searchUrl: z.string().optional(),
  searchToken: z.string().optional(),
  searchReadOnlyToken: z.string().optional(),
  queueUrl: z.string().optional(),
  queueToken: z.string().optional(),
  queueCurrentSigningKey: z.string().optional(),
  queueNextSigningKey: z.string().optional(),
  /** Set when `--qstash-dev` serves the queue API with the SDK's dev-mode credentials. */
  queueDevUrl: z.string().optional(),
});

/** See {@link ConnectionDetailsSchema}. */
export type ConnectionDetails = z.output<typeof ConnectionDetailsSchema>;
