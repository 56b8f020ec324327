/** The options every SCAN-family command takes (`MATCH`, `COUNT`). */
import type { RedisArgument } from "../../argv.ts";

/** Options of SCAN, HSCAN, SSCAN and ZSCAN. */
export interface ScanOptions {
  /** Only items matching this glob pattern (`MATCH`). */
  readonly match?: string;
  /** A hint of how much work one call does (`COUNT`). */
  readonly count?: number;
}

/** The options as argv words. */
export function encodeScanOptions(options: ScanOptions | undefined): RedisArgument[] {
  const argv: RedisArgument[] = [];
  if (options?.match !== undefined) {
    argv.push("MATCH", options.match);
  }
  if (options?.count !== undefined) {
    argv.push("COUNT", options.count);
  }
  return argv;
}
