/**
 * How a check says it did not pass: `CheckFailure` (the endpoint broke a rule) or `CheckSkipped`
 * (the check cannot run against this target, e.g. no read-only token was given).
 */

export class CheckFailure extends Error {
  override readonly name = "CheckFailure";
}

export class CheckSkipped extends Error {
  override readonly name = "CheckSkipped";
}

/** Fails the check with `message` unless `condition` holds. */
export function check(condition: boolean, message: string): asserts condition {
  if (!condition) {
    throw new CheckFailure(message);
  }
}

/** Fails unless the two values are equal as JSON. */
export function checkEqual(actual: unknown, expected: unknown, what: string): void {
  const actualJson = JSON.stringify(actual);
  const expectedJson = JSON.stringify(expected);
  check(actualJson === expectedJson, `${what}: expected ${expectedJson}, got ${actualJson}`);
}
