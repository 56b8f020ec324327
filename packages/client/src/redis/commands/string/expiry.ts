/** The expiry options SET and GETEX share (`EX`, `PX`, `EXAT`, `PXAT`, and GETEX's `PERSIST`). */
import type { RedisArgument } from "../../argv.ts";

/** One way to set an expiry; give at most one. */
export interface ExpiryOptions {
  /** TTL in seconds (`EX`). */
  readonly ex?: number;
  /** TTL in milliseconds (`PX`). */
  readonly px?: number;
  /** Unix time in seconds (`EXAT`). */
  readonly exat?: number;
  /** Unix time in milliseconds (`PXAT`). */
  readonly pxat?: number;
  /** Remove the TTL (`PERSIST`, GETEX only). */
  readonly persist?: boolean;
}

/** The expiry as argv words, in the order given above. */
export function encodeExpiry(options: ExpiryOptions | undefined): RedisArgument[] {
  if (options === undefined) {
    return [];
  }
  const argv: RedisArgument[] = [];
  if (options.ex !== undefined) {
    argv.push("EX", options.ex);
  }
  if (options.px !== undefined) {
    argv.push("PX", options.px);
  }
  if (options.exat !== undefined) {
    argv.push("EXAT", options.exat);
  }
  if (options.pxat !== undefined) {
    argv.push("PXAT", options.pxat);
  }
  if (options.persist === true) {
    argv.push("PERSIST");
  }
  return argv;
}
