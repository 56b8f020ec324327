/**
 * The base of every error `@stratus/core` throws, so callers can tell a codec's complaint from a bug.
 */
export class StratusCoreError extends Error {
  override readonly name: string = "StratusCoreError";
}
