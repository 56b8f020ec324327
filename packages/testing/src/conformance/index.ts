/**
 * @module
 * `@stratus/testing/conformance`: `runConformance()` checks a key-value REST endpoint against the
 * spec and returns one result per check; `formatTable()` prints them as the bin does.
 */
export { formatJson, formatTable } from "./report.ts";
export { runConformance } from "./run-conformance.ts";
export type {
  CheckArea,
  CheckResult,
  CheckStatus,
  ConformanceOptions,
  ConformanceReport,
  KvConformanceTarget,
  ManagementConformanceTarget,
  VectorConformanceTarget,
} from "./types.ts";
