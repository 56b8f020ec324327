/**
 * The `stratus-conformance` flags: parsed with `node:util` `parseArgs` into `runConformance()`
 * options. Kept apart from `cli.ts`, which runs on import.
 */
import { parseArgs } from "node:util";
import type { ConformanceOptions } from "./types.ts";

export const HELP_TEXT = `Usage: stratus-conformance --kv-url URL --kv-token TOKEN [options]

Checks a key-value REST endpoint (the Stratus emulator or the real service) against the spec:
request forms, pipelines, transactions, encodings, headers, error statuses, token rules and SSE;
and, when given, a vector index and the management API. It writes only keys, channels and a
vector namespace under its own random "stratus-conformance" prefix, deletes them afterwards,
never flushes and never changes management resources, so it is safe against a real deployment.

Options:
  --kv-url URL                 the database's REST URL (required)
  --kv-token TOKEN             its Standard token (required)
  --kv-read-only-token TOKEN   its Read Only token (the read-only checks are skipped without it)
  --vector-url URL --vector-token TOKEN [--vector-read-only-token TOKEN]
                               also check a vector index (writes only to its own namespace)
  --management-url URL --email EMAIL --api-key KEY
                               also check the management API (read-only operations only)
  --libraries                  also run @upstash/ratelimit, @upstash/lock, @vercel/kv,
                               @upstash/realtime and (with a vector index that has an embedding
                               model) @upstash/semantic-cache against the targets; each is an
                               optional peer dependency, and a check whose library is not
                               installed is skipped
  --only TEXT                  run only checks whose "area/group/name" contains TEXT (repeatable)
  --timeout-ms MS              time limit of one check (default 10000)
  --json                       print JSON instead of a table
  -h, --help                   show this help
`;

export class UsageError extends Error {
  override readonly name = "UsageError";
}

export function parseCli(argv: readonly string[]): ConformanceOptions & { json: boolean } {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      "kv-url": { type: "string" },
      "kv-token": { type: "string" },
      "kv-read-only-token": { type: "string" },
      "vector-url": { type: "string" },
      "vector-token": { type: "string" },
      "vector-read-only-token": { type: "string" },
      "management-url": { type: "string" },
      email: { type: "string" },
      "api-key": { type: "string" },
      libraries: { type: "boolean", default: false },
      only: { type: "string", multiple: true },
      "timeout-ms": { type: "string" },
      json: { type: "boolean", default: false },
    },
    strict: true,
  });
  const url = values["kv-url"];
  const token = values["kv-token"];
  if (url === undefined || token === undefined) {
    throw new UsageError("--kv-url and --kv-token are required");
  }
  const timeoutMs = values["timeout-ms"] === undefined ? undefined : Number(values["timeout-ms"]);
  if (timeoutMs !== undefined && !(Number.isInteger(timeoutMs) && timeoutMs > 0)) {
    throw new UsageError("--timeout-ms must be a positive integer");
  }
  const readOnlyToken = values["kv-read-only-token"];
  const vectorUrl = values["vector-url"];
  const vectorToken = values["vector-token"];
  const vectorReadOnlyToken = values["vector-read-only-token"];
  const managementUrl = values["management-url"];
  const { email } = values;
  const apiKey = values["api-key"];
  return {
    kv: { url, token, ...(readOnlyToken === undefined ? {} : { readOnlyToken }) },
    ...(vectorUrl !== undefined && vectorToken !== undefined
      ? {
          vector: {
            url: vectorUrl,
            token: vectorToken,
            ...(vectorReadOnlyToken === undefined ? {} : { readOnlyToken: vectorReadOnlyToken }),
          },
        }
      : {}),
    ...(managementUrl !== undefined && email !== undefined && apiKey !== undefined
      ? { management: { url: managementUrl, email, apiKey } }
      : {}),
    ...(values.libraries ? { libraries: true } : {}),
    ...(values.only === undefined ? {} : { only: values.only }),
    ...(timeoutMs === undefined ? {} : { checkTimeoutMs: timeoutMs }),
    json: values.json,
  };
}
