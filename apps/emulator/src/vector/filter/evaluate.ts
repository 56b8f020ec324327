/**
 * Filter evaluation over a record's metadata (vector-rest-wire.md §3.2, §3.3).
 *
 * Semantics on missing fields and type mismatches, as observed on the service (§3.3):
 * - a predicate on a **missing** field is false, `!=`, `NOT IN`, `NOT CONTAINS` and `NOT GLOB`
 *   included (`location.continent != 'Asia'` does not match a record without `location`);
 * - a **type mismatch** is false as well, for the positive and the negated forms alike:
 *   `n != 'a'` on `n: 5` is false, `name < 3` on a string is false, `tags CONTAINS 1` on a
 *   non-array is false. Equality never converts: `1 = true` and `'1' = 1` are false.
 *   (Inferred on the service; it keeps the negated operators the exact complement of the
 *   positive ones *within* a type, which is what filters written against typed metadata expect.)
 * - `NOT IN (a, b)` is `!= a AND != b`, so a value of another type than every literal is false.
 * - `HAS FIELD` is true for a stored `null`; `HAS NOT FIELD` is its exact negation.
 * - `<`, `<=`, `>`, `>=` compare numbers only (§3.2 "applies to number").
 */

import type { FilterExpression, FilterLiteral } from "./ast.ts";
import { compileGlob, type GlobMatcher } from "./glob.ts";
import { MISSING, resolvePath } from "./path.ts";

export type FilterPredicate = (metadata: unknown) => boolean;

/** Turn a parsed filter into a closure; the work that does not depend on a record is done here. */
export function toPredicate(expression: FilterExpression): FilterPredicate {
  switch (expression.kind) {
    case "all":
      return () => true;
    case "and": {
      const operands = expression.operands.map(toPredicate);
      return (metadata) => operands.every((operand) => operand(metadata));
    }
    case "or": {
      const operands = expression.operands.map(toPredicate);
      return (metadata) => operands.some((operand) => operand(metadata));
    }
    case "compare": {
      const { path, operator, value: literal } = expression;
      const test = compareTest(operator, literal);
      return (metadata) => {
        const value = resolvePath(metadata, path);
        return value !== MISSING && test(value);
      };
    }
    case "in": {
      const { path, negated, values: literals } = expression;
      return (metadata) => {
        const value = resolvePath(metadata, path);
        if (value === MISSING) {
          return false;
        }
        return negated
          ? literals.every((literal) => sameTypeDifferent(value, literal))
          : literals.some((literal) => value === literal);
      };
    }
    case "contains": {
      const { path, negated, value: literal } = expression;
      return (metadata) => {
        const value = resolvePath(metadata, path);
        if (!Array.isArray(value)) {
          return false;
        }
        return value.includes(literal) !== negated;
      };
    }
    case "glob": {
      const { path, negated } = expression;
      const matches: GlobMatcher = compileGlob(expression.pattern);
      return (metadata) => {
        const value = resolvePath(metadata, path);
        return typeof value === "string" && matches(value) !== negated;
      };
    }
    case "hasField": {
      const { path, negated } = expression;
      return (metadata) => (resolvePath(metadata, path) !== MISSING) !== negated;
    }
  }
}

function compareTest(
  operator: Extract<FilterExpression, { kind: "compare" }>["operator"],
  literal: FilterLiteral,
): (value: unknown) => boolean {
  switch (operator) {
    case "=":
      return (value) => value === literal;
    case "!=":
      return (value) => sameTypeDifferent(value, literal);
    case "<":
      return numeric(literal, (a, b) => a < b);
    case "<=":
      return numeric(literal, (a, b) => a <= b);
    case ">":
      return numeric(literal, (a, b) => a > b);
    case ">=":
      return numeric(literal, (a, b) => a >= b);
  }
}

function sameTypeDifferent(value: unknown, literal: FilterLiteral): boolean {
  return typeof value === typeof literal && value !== literal;
}

function numeric(
  literal: FilterLiteral,
  holds: (value: number, literal: number) => boolean,
): (value: unknown) => boolean {
  if (typeof literal !== "number") {
    return () => false;
  }
  return (value) => typeof value === "number" && holds(value, literal);
}
