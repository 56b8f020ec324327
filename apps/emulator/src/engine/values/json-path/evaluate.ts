/**
 * Evaluates a compiled JSONPath against a document, with RedisJSON's semantics:
 * - names select object members only, indexes and ranges array elements only; a negative index
 *   counts from the end and one beyond the start clamps to the first element (`[-10]` of a
 *   three-element array is its first element);
 * - `*` selects every member or element; a filter tests every member or element of a container,
 *   and a scalar itself;
 * - in filters, `@.x` is a value only when it matches exactly one node, numbers compare across
 *   integer and float, strings by code point, and values of different types are never `<`, `>`
 *   or `==` (so `!=` holds);
 * - `..` visits a container's descendants before the container itself (see `descend`).
 */

import type { PathStep } from "../json/locations.ts";
import {
  isJsonNumber,
  isLongNumber,
  JsonObject,
  type JsonValue,
  jsonLooseEqual,
  jsonNumberToDouble,
} from "../json/value.ts";
import type { CompiledPath, FilterExpression, FilterTerm, Segment } from "./parser.ts";

/** A selected value and the steps that lead to it from the root. */
export interface Match {
  readonly value: JsonValue;
  readonly path: readonly PathStep[];
}

/** The values `path` selects, in RedisJSON's order. */
export function selectValues(path: CompiledPath, root: JsonValue): JsonValue[] {
  const walk = new Walk(root, false);
  walk.run(path.segments, 0, root);
  return walk.values;
}

/** The values `path` selects with their locations, for commands that change them. */
export function selectMatches(path: CompiledPath, root: JsonValue): Match[] {
  const walk = new Walk(root, true);
  walk.run(path.segments, 0, root);
  return walk.values.map((value, i) => ({ value, path: walk.paths[i] as PathStep[] }));
}

class Walk {
  /** What `$` means inside filters. */
  readonly root: JsonValue;
  readonly values: JsonValue[] = [];
  readonly paths: PathStep[][] = [];
  readonly #tracksPaths: boolean;
  readonly #steps: PathStep[] = [];

  constructor(root: JsonValue, tracksPaths: boolean) {
    this.root = root;
    this.#tracksPaths = tracksPaths;
  }

  run(segments: readonly Segment[], index: number, node: JsonValue): void {
    const segment = segments[index];
    if (segment === undefined) {
      this.values.push(node);
      if (this.#tracksPaths) {
        this.paths.push([...this.#steps]);
      }
      return;
    }
    const next = index + 1;
    switch (segment.kind) {
      case "key":
        this.#member(segments, next, { node, key: segment.key });
        return;
      case "keys":
        for (const key of segment.keys) {
          this.#member(segments, next, { node, key });
        }
        return;
      case "indexes":
        if (Array.isArray(node)) {
          for (const index of segment.indexes) {
            const position = absoluteIndex(index, node.length);
            if (position < node.length) {
              this.#child(segments, next, { step: position, value: node[position] as JsonValue });
            }
          }
        }
        return;
      case "range":
        if (Array.isArray(node)) {
          const start = segment.start === undefined ? 0 : absoluteIndex(segment.start, node.length);
          const end =
            segment.end === undefined ? node.length : absoluteIndex(segment.end, node.length);
          for (let position = start; position < end; position += segment.step) {
            this.#child(segments, next, { step: position, value: node[position] as JsonValue });
          }
        }
        return;
      case "all":
        this.#children(node, (step, value) => this.#child(segments, next, { step, value }));
        return;
      case "descendants":
        this.#descend(segments, next, node);
        return;
      case "filter":
        this.#filter(segments, { next, filter: segment.filter }, node);
        return;
      default:
        assertNever(segment);
    }
  }

  /**
   * `..`: the rest of the path applied to every descendant and to the node itself, deepest first.
   * Service behaviour (kv-rest-wire.md §13.2): the service lists matches found in nested
   * containers before matches at the containing level (a post-order walk), where RedisJSON uses
   * document order: `$..a` of `{"a":2,"nested":{"a":4}}` is `[4,2]`.
   */
  #descend(segments: readonly Segment[], next: number, node: JsonValue): void {
    this.#children(node, (step, value) => {
      this.#steps.push(step);
      this.#descend(segments, next, value);
      this.#steps.pop();
    });
    this.run(segments, next, node);
  }

  #filter(
    segments: readonly Segment[],
    where: { readonly next: number; readonly filter: FilterExpression },
    node: JsonValue,
  ): void {
    if (Array.isArray(node) || node instanceof JsonObject) {
      this.#children(node, (step, value) => {
        if (this.test(where.filter, value)) {
          this.#child(segments, where.next, { step, value });
        }
      });
    } else if (this.test(where.filter, node)) {
      // A scalar is tested itself, and stays where it is.
      this.run(segments, where.next, node);
    }
  }

  #member(
    segments: readonly Segment[],
    next: number,
    where: { readonly node: JsonValue; readonly key: string },
  ): void {
    if (where.node instanceof JsonObject) {
      const value = where.node.get(where.key);
      if (value !== undefined) {
        this.#child(segments, next, { step: where.key, value });
      }
    }
  }

  #child(
    segments: readonly Segment[],
    next: number,
    child: { readonly step: PathStep; readonly value: JsonValue },
  ): void {
    this.#steps.push(child.step);
    this.run(segments, next, child.value);
    this.#steps.pop();
  }

  #children(node: JsonValue, visit: (step: PathStep, value: JsonValue) => void): void {
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        visit(i, node[i] as JsonValue);
      }
    } else if (node instanceof JsonObject) {
      for (let i = 0; i < node.size; i++) {
        visit(node.keys[i] as string, node.values[i] as JsonValue);
      }
    }
  }

  test(filter: FilterExpression, node: JsonValue): boolean {
    switch (filter.kind) {
      case "or":
        return filter.operands.some((operand) => this.test(operand, node));
      case "and":
        return filter.operands.every((operand) => this.test(operand, node));
      case "not":
        return !this.test(filter.operand, node);
      case "test":
        // A lone term holds unless it is a path that does not select exactly one value.
        return this.#operand(filter.term, node).kind !== "invalid";
      case "compare":
        return compare({
          left: this.#operand(filter.left, node),
          operator: filter.operator,
          right: this.#operand(filter.right, node),
        });
      default:
        return assertNever(filter);
    }
  }

  #operand(term: FilterTerm, node: JsonValue): Operand {
    switch (term.kind) {
      case "current":
        // `@…` is evaluated with the tested node as its own root (RedisJSON's `from_current`).
        return term.path === undefined ? { kind: "value", value: node } : single(term.path, node);
      case "root":
        return term.path === undefined
          ? { kind: "value", value: this.root }
          : single(term.path, this.root);
      default:
        return term;
    }
  }
}

/** RedisJSON's `calc_abs_index`. */
function absoluteIndex(index: number, length: number): number {
  return index >= 0 ? Math.min(index, length) : Math.max(index + length, 0);
}

function single(segments: readonly Segment[], node: JsonValue): Operand {
  const walk = new Walk(node, false);
  walk.run(segments, 0, node);
  return walk.values.length === 1 ? { kind: "value", value: walk.values[0] as JsonValue } : INVALID;
}

// ---- comparisons --------------------------------------------------------------------------------

type Operand =
  | { readonly kind: "value"; readonly value: JsonValue }
  | { readonly kind: "invalid" }
  | Exclude<FilterTerm, { kind: "current" | "root" }>;

const INVALID: Operand = { kind: "invalid" };

/** An operand as something comparable (RedisJSON's `TermEvaluationResult::cmp` cases). */
type Scalar =
  | { readonly kind: "integer"; readonly value: number | bigint }
  | { readonly kind: "float"; readonly value: number }
  | { readonly kind: "string"; readonly value: string }
  | { readonly kind: "boolean"; readonly value: boolean }
  | { readonly kind: "null" };

function toScalar(operand: Operand): Scalar | undefined {
  if (operand.kind === "invalid") {
    return undefined;
  }
  if (operand.kind !== "value") {
    return operand;
  }
  const value = operand.value;
  if (value === null) {
    return { kind: "null" };
  }
  if (typeof value === "string") {
    return { kind: "string", value };
  }
  if (typeof value === "boolean") {
    return { kind: "boolean", value };
  }
  if (isJsonNumber(value)) {
    // Integers beyond i64 are doubles to RedisJSON.
    return isLongNumber(value)
      ? { kind: "integer", value }
      : { kind: "float", value: jsonNumberToDouble(value) };
  }
  return undefined;
}

/** -1, 0 or 1, or undefined when the operands cannot be compared. */
function order(a: Scalar, b: Scalar): number | undefined {
  if (a.kind === "integer" && b.kind === "integer") {
    return sign(BigInt(a.value) - BigInt(b.value));
  }
  if (
    (a.kind === "integer" || a.kind === "float") &&
    (b.kind === "integer" || b.kind === "float")
  ) {
    const x = Number(a.value);
    const y = Number(b.value);
    return x > y ? 1 : x < y ? -1 : 0;
  }
  if (a.kind === "string" && b.kind === "string") {
    return compareCodePoints(a.value, b.value);
  }
  if (a.kind === "boolean" && b.kind === "boolean") {
    return Number(a.value) - Number(b.value);
  }
  return a.kind === "null" && b.kind === "null" ? 0 : undefined;
}

function sign(value: bigint): number {
  return value > 0n ? 1 : value < 0n ? -1 : 0;
}

/** Rust compares `str`s by UTF-8 bytes, which is code point order (not UTF-16 unit order). */
function compareCodePoints(a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a.codePointAt(i) as number;
    const y = b.codePointAt(j) as number;
    if (x !== y) {
      return x < y ? -1 : 1;
    }
    i += x > 0xffff ? 2 : 1;
    j += y > 0xffff ? 2 : 1;
  }
  const restA = a.length - i;
  const restB = b.length - j;
  return restA === restB ? 0 : restA < restB ? -1 : 1;
}

function compare(terms: {
  readonly left: Operand;
  readonly operator: string;
  readonly right: Operand;
}): boolean {
  const { left, operator, right } = terms;
  if (operator === "=~") {
    return matchesRegex(left, right);
  }
  if (operator === "==" || operator === "!=") {
    const equal =
      left.kind === "value" && right.kind === "value"
        ? jsonLooseEqual(left.value, right.value)
        : orderOf(left, right) === 0;
    return operator === "==" ? equal : !equal;
  }
  const result = orderOf(left, right);
  if (result === undefined) {
    return false;
  }
  switch (operator) {
    case "<":
      return result < 0;
    case "<=":
      return result <= 0;
    case ">":
      return result > 0;
    default:
      return result >= 0;
  }
}

function orderOf(left: Operand, right: Operand): number | undefined {
  const a = toScalar(left);
  const b = toScalar(right);
  return a === undefined || b === undefined ? undefined : order(a, b);
}

/** `=~`: a document string on the left, a pattern (literal or document string) on the right. */
function matchesRegex(left: Operand, right: Operand): boolean {
  if (left.kind !== "value" || typeof left.value !== "string") {
    return false;
  }
  let pattern: string;
  if (right.kind === "string") {
    pattern = right.value;
  } else if (right.kind === "value" && typeof right.value === "string") {
    pattern = right.value;
  } else {
    return false;
  }
  return compileRegex(pattern)?.test(left.value) ?? false;
}

const regexCache = new Map<string, RegExp | null>();

/**
 * Emulator difference: a Rust `regex` pattern runs as a JS RegExp, which agrees on common syntax.
 * The pattern as a JS RegExp (an unanchored search, as `is_match`), or null when it does
 * not compile, which makes `=~` false. Leading inline flags `(?i)`, `(?m)`, `(?s)` become RegExp
 * flags, since JS lacks inline modifiers. No `u` flag: like Rust, it accepts escaped punctuation
 * such as `\-` anywhere.
 */
function compileRegex(pattern: string): RegExp | null {
  let compiled = regexCache.get(pattern);
  if (compiled === undefined) {
    const inline = /^\(\?([ims]+)\)/.exec(pattern);
    try {
      compiled =
        inline === null
          ? new RegExp(pattern)
          : new RegExp(pattern.slice(inline[0].length), inline[1]);
    } catch {
      compiled = null;
    }
    if (regexCache.size >= 1024) {
      regexCache.clear();
    }
    regexCache.set(pattern, compiled);
  }
  return compiled;
}

function assertNever(value: never): never {
  throw new Error(`unexpected ${JSON.stringify(value)}`);
}
