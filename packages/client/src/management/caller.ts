/**
 * How the management groups send their requests: Basic auth `EMAIL:API_KEY` on every call
 * (management-api.md §1), the `/v2` base, JSON in and out checked with core's schemas.
 */
import { encodeBase64, utf8Encode } from "@stratus/core/base64";
import { type StatsPeriod, StatsPeriodSchema } from "@stratus/core/schemas";
import type { HttpMethod, Transport } from "../transport/http-transport.ts";
import { checkRequest, requestJson, type Schema } from "../transport/json.ts";

/** One call of a management operation. */
export interface ManagementCall<TResult> {
  readonly method: HttpMethod;
  /** Below `/v2`, or from the root with `isRoot`. */
  readonly path: string;
  readonly body?: unknown;
  /** Checks `body` before sending. */
  readonly bodySchema?: Schema<unknown>;
  readonly response: Schema<TResult>;
  /** The path is not under `/v2` (the service's `GET /auditlogs`, §1). */
  readonly isRoot?: boolean;
}

/** Sends management calls. */
export interface ManagementCaller {
  call<TResult>(call: ManagementCall<TResult>): Promise<TResult>;
  /** Whether audit logs are read at the root (the service) or under `/v2` (the emulator). */
  readonly auditLogsAtRoot: boolean;
}

/** A stats query: one of the seven periods (management-api.md §6.2). */
export interface StatsOptions {
  /** @default "1h" (the server's default when absent) */
  readonly period?: StatsPeriod;
}

/** `?period=…` when a period was given (checked against the seven values first). */
export function periodQuery(options: StatsOptions | undefined): string {
  if (options?.period === undefined) {
    return "";
  }
  checkRequest(StatsPeriodSchema, options.period, "stats period");
  return `?period=${options.period}`;
}

/** A path segment from an id. */
export const segment = (id: string): string => encodeURIComponent(id);

/** The caller over a transport, with HTTP Basic credentials. */
export function createManagementCaller(
  transport: Transport,
  credentials: {
    readonly email: string;
    readonly apiKey: string;
    readonly auditLogsAtRoot?: boolean | undefined;
  },
  signal: AbortSignal | undefined,
): ManagementCaller {
  const authorization = `Basic ${encodeBase64(utf8Encode(`${credentials.email}:${credentials.apiKey}`))}`;
  return {
    auditLogsAtRoot: credentials.auditLogsAtRoot === true,
    async call(call) {
      if (call.bodySchema !== undefined) {
        checkRequest(call.bodySchema, call.body, `${call.method} ${call.path} body`);
      }
      return requestJson(transport, {
        method: call.method,
        path: call.isRoot === true ? call.path : `/v2${call.path}`,
        body: call.body,
        headers: { authorization },
        response: call.response,
        signal,
      });
    },
  };
}
