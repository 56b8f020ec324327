/**
 * The conformance suite's inputs and outputs: which endpoints to check, and one result per check.
 */
import type { FetchFunction } from "../rest.ts";

/** A key-value REST database to check. */
export interface KvConformanceTarget {
  readonly url: string;
  /** The Standard token. */
  readonly token: string;
  /** The Read Only token; the read-only checks are skipped without it. */
  readonly readOnlyToken?: string;
}

/** A vector index's REST URL and token. */
export interface VectorConformanceTarget {
  readonly url: string;
  /** The read-write token. */
  readonly token: string;
  /** The read-only token; the read-only checks are skipped without it. */
  readonly readOnlyToken?: string;
}

/** The management API (`…/v2`) and its basic-auth credentials. */
export interface ManagementConformanceTarget {
  readonly url: string;
  readonly email: string;
  readonly apiKey: string;
}

export interface ConformanceOptions {
  readonly kv: KvConformanceTarget;
  readonly vector?: VectorConformanceTarget;
  readonly management?: ManagementConformanceTarget;
  /**
   * Also run the libraries built on the SDKs (@upstash/ratelimit, @upstash/lock, @vercel/kv,
   * @upstash/realtime, and @upstash/semantic-cache on the vector target) against the targets.
   * They are optional peer dependencies: a check whose library is not installed is skipped. They
   * reach the targets through the global `fetch`, whatever `fetch` says.
   */
  readonly libraries?: boolean;
  /** Used instead of the global `fetch`, e.g. an emulator's in-process one. */
  readonly fetch?: FetchFunction;
  /** The longest one check may take. @default 10_000 */
  readonly checkTimeoutMs?: number;
  /** Runs only the checks whose `group/name` contains one of these strings. */
  readonly only?: readonly string[];
}

export type CheckArea = "kv" | "vector" | "management" | "libraries";
export type CheckStatus = "pass" | "fail" | "skip";

export interface CheckResult {
  readonly area: CheckArea;
  /** The spec topic, e.g. `request-forms`, `tokens`, `sse`. */
  readonly group: string;
  readonly name: string;
  readonly status: CheckStatus;
  /** Why it failed or was skipped. */
  readonly detail?: string;
  readonly durationMs: number;
}

export interface ConformanceReport {
  readonly results: readonly CheckResult[];
  readonly passed: number;
  readonly failed: number;
  readonly skipped: number;
  /** No check failed. */
  readonly ok: boolean;
}
