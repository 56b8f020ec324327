/**
 * The parsed form of a vector metadata filter (vector-rest-wire.md §3). Each node keeps the
 * literals already decoded, so evaluation never looks at the source text again.
 */

/** A literal on the right of an operator: `'text'`, `42`, `-1.5`, `true`. */
export type FilterLiteral = string | number | boolean;

/** One step of a field path: `a`, `[0]`, or `[#-1]` (counted from the array's end). */
export type PathSegment =
  | { readonly kind: "key"; readonly key: string }
  | { readonly kind: "index"; readonly index: number }
  | { readonly kind: "fromEnd"; readonly offset: number };

/** A field path such as `geography.coordinates.latitude` or `tags[#-1]`. */
export interface FieldPath {
  /** The identifier as written, for messages. */
  readonly text: string;
  readonly segments: readonly PathSegment[];
}

export type CompareOperator = "=" | "!=" | "<" | "<=" | ">" | ">=";

export type FilterExpression =
  /** The empty filter: every record matches. */
  | { readonly kind: "all" }
  | { readonly kind: "and"; readonly operands: readonly FilterExpression[] }
  | { readonly kind: "or"; readonly operands: readonly FilterExpression[] }
  | {
      readonly kind: "compare";
      readonly path: FieldPath;
      readonly operator: CompareOperator;
      readonly value: FilterLiteral;
    }
  | {
      readonly kind: "in";
      readonly path: FieldPath;
      readonly negated: boolean;
      readonly values: readonly FilterLiteral[];
    }
  | {
      readonly kind: "contains";
      readonly path: FieldPath;
      readonly negated: boolean;
      readonly value: FilterLiteral;
    }
  | {
      readonly kind: "glob";
      readonly path: FieldPath;
      readonly negated: boolean;
      readonly pattern: string;
    }
  | { readonly kind: "hasField"; readonly path: FieldPath; readonly negated: boolean };
