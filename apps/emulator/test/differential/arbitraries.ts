/**
 * fast-check building blocks for generated command sequences over a small key space, so commands
 * collide on the same keys and types (and WRONGTYPE paths get exercised).
 */
import fc from "fast-check";

export const key = fc.constantFrom("k1", "k2", "k3", "{k}4");
export const field = fc.constantFrom("f1", "f2", "f3", "");
/** Values that hit Redis's integer, float, empty and binary paths. */
export const value = fc.oneof(
  fc.constantFrom(
    "",
    "0",
    "1",
    "-1",
    "10",
    "3.5",
    "-0.25",
    "1e3",
    "9223372036854775807",
    "abc",
    "a\u0000b",
    "\u00ff\u00fe",
  ),
  fc.integer({ min: -1000, max: 1000 }).map(String),
  fc.string({ maxLength: 6 }),
);
export const int = fc.integer({ min: -5, max: 5 }).map(String);
export const count = fc.integer({ min: 0, max: 5 }).map(String);
/** A generated command: a name plus arguments drawn from the arbitraries above. */
export function command(
  name: string,
  ...args: fc.Arbitrary<string>[]
): fc.Arbitrary<readonly string[]> {
  return fc.tuple(...args).map((values) => [name, ...values]);
}
