/**
 * One conformance check: a spec rule, named by its topic (`group`) and what it asserts (`name`),
 * with the section of the spec it comes from.
 */
import type { CheckContext } from "./context.ts";
import type { CheckArea } from "./types.ts";

export interface Check {
  readonly area: CheckArea;
  readonly group: string;
  readonly name: string;
  /** Where the rule is written, e.g. `kv-rest-wire.md §6.1`. */
  readonly spec: string;
  /** Resolves when the endpoint follows the rule; throws `CheckFailure` or `CheckSkipped`. */
  run(context: CheckContext): Promise<void>;
}

export function defineCheck(check: Check): Check {
  return check;
}
