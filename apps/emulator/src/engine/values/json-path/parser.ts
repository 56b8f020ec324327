/**
 * RedisJSON's JSONPath grammar (json_path/src/grammar.pest, as RedisJSON 2.x ships it, plus the
 * `null` literal and `!` negation of later releases), compiled into a list of segments.
 *
 * ```
 * query   = $ root? EOI                  root = (element | literal | *) element*
 * element = .literal | ..(literal | * | [bracket]) | .* | .?[bracket]
 * bracket = start:end:step ranges | numbers list | 'strings' list | * | ?filter
 * filter  = inner ((&& | ||) inner)*     inner = !inner | term op term | term | (filter)
 * term    = @path | $path | decimal | 'string' | true | false | null
 * ```
 * Spaces are allowed between tokens (pest's implicit whitespace). A syntax error is RedisJSON's
 * text: `Error occurred on position 4, "$.a[ ---->>>> $]", expected one of the following: …`.
 */

import { binaryToUtf8 } from "../../bytes.ts";
import { ReplyError } from "../../errors.ts";
import {
  atomicRule,
  choice,
  createState,
  endOfInput,
  literal,
  type Matcher,
  optional,
  repeat,
  rule,
  sequence,
  type Token,
} from "./peg.ts";

/** The grammar's named rules, in declaration order (pest sorts error reports by it). */
const RULES = [
  "EOI",
  "literal",
  "string_value",
  "string_value_escape_1",
  "string_value_escape_2",
  "string_list",
  "pos_number",
  "number",
  "decimal",
  "numbers_list",
  "numbers_range",
  "right_range",
  "all_range",
  "left_range",
  "full_range",
  "from_current",
  "from_root",
  "ge",
  "gt",
  "le",
  "lt",
  "eq",
  "ne",
  "re",
  "boolean_true",
  "boolean_false",
  "null",
  "single_filter",
  "and",
  "or",
  "negation",
  "filter",
  "all",
  "full_scan",
  "root",
] as const;

type RuleName = (typeof RULES)[number];
type PathToken = Token<RuleName>;

/** How RedisJSON names rules in error messages (its `Display for Rule`). */
const RULE_LABELS: Partial<Record<RuleName, string>> = {
  literal: "<string>",
  all: "'*'",
  full_scan: "'..'",
  numbers_list: "'<number>[,<number>,...]'",
  string_list: "'<string>[,<string>,...]'",
  numbers_range: "['start:end:steps']",
  number: "'<number>'",
  filter: "'[?(filter_expression)]'",
};

// ---- the grammar ----------------------------------------------------------------------------------

/** `[a-zA-Z0-9-_`~+#%$^/:]` */
function isLiteralChar(code: number): boolean {
  return (
    (code >= 0x61 && code <= 0x7a) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x30 && code <= 0x39) ||
    "-_`~+#%$^/:".includes(String.fromCharCode(code))
  );
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

function scanDigits(input: string, pos: number): number {
  let end = pos;
  while (isDigit(input.charCodeAt(end))) {
    end++;
  }
  return end;
}

/** `"-"? ~ ASCII_NONZERO_DIGIT ~ ASCII_DIGIT* | "-"? ~ ASCII_DIGIT` */
function scanNumber(input: string, pos: number): number {
  const start = input.charCodeAt(pos) === 0x2d ? pos + 1 : pos;
  const first = input.charCodeAt(start);
  if (!isDigit(first)) {
    return -1;
  }
  return first === 0x30 ? start + 1 : scanDigits(input, start + 1);
}

/** Characters of a string body: anything but `excluded`, or a backslash escape of `escapable`. */
function scanStringBody(excluded: string, escapable: string) {
  return (input: string, pos: number): number => {
    let end = pos;
    for (;;) {
      const char = input[end];
      if (char === undefined) {
        return end;
      }
      if (char === "\\") {
        const next = input[end + 1];
        if (escapable === "" || next === undefined || !escapable.includes(next)) {
          return end;
        }
        end += 2;
      } else if (excluded.includes(char)) {
        return end;
      } else {
        end++;
      }
    }
  };
}

const m = {} as Record<
  | RuleName
  | "string"
  | "select_term"
  | "op"
  | "term"
  | "inner_filter"
  | "filter_relation"
  | "bracket"
  | "element"
  | "query",
  Matcher<RuleName>
>;

m.literal = atomicRule<RuleName>("literal", (input, pos) => {
  let end = pos;
  while (end < input.length && isLiteralChar(input.charCodeAt(end))) {
    end++;
  }
  return end > pos ? end : -1;
});
m.string_value = atomicRule<RuleName>("string_value", scanStringBody("\"\\'", ""));
m.string_value_escape_1 = atomicRule<RuleName>(
  "string_value_escape_1",
  scanStringBody('"\\', '"\\'),
);
m.string_value_escape_2 = atomicRule<RuleName>(
  "string_value_escape_2",
  scanStringBody("'\\", "'\\"),
);
m.string = choice(
  sequence(literal("'"), m.string_value, literal("'")),
  sequence(literal('"'), m.string_value, literal('"')),
  sequence(literal('"'), m.string_value_escape_1, literal('"')),
  sequence(literal("'"), m.string_value_escape_2, literal("'")),
);
m.string_list = rule<RuleName>("string_list", () =>
  sequence(m.string, repeat(sequence(literal(","), m.string))),
);
m.pos_number = atomicRule<RuleName>("pos_number", (input, pos) => {
  const first = input.charCodeAt(pos);
  return isDigit(first) && first !== 0x30 ? scanDigits(input, pos + 1) : -1;
});
m.number = atomicRule<RuleName>("number", scanNumber);
m.decimal = atomicRule<RuleName>("decimal", (input, pos) => {
  const end = scanNumber(input, pos);
  if (end < 0 || input[end] !== "." || !isDigit(input.charCodeAt(end + 1))) {
    return end;
  }
  return scanDigits(input, end + 1);
});
m.numbers_list = rule<RuleName>("numbers_list", () =>
  sequence(m.number, repeat(sequence(literal(","), m.number))),
);
const step = () => optional(choice(sequence(literal(":"), m.pos_number), literal(":")));
m.right_range = rule<RuleName>("right_range", () => sequence(literal(":"), m.number, step()));
m.all_range = rule<RuleName>("all_range", () => sequence(literal(":"), step()));
m.left_range = rule<RuleName>("left_range", () => sequence(m.number, literal(":"), step()));
m.full_range = rule<RuleName>("full_range", () =>
  sequence(m.number, literal(":"), m.number, step()),
);
m.numbers_range = rule<RuleName>("numbers_range", () =>
  choice(m.full_range, m.right_range, m.all_range, m.left_range),
);
m.from_current = rule<RuleName>("from_current", () => sequence(literal("@"), optional(m.root)));
m.from_root = rule<RuleName>("from_root", () => sequence(literal("$"), optional(m.root)));
m.select_term = choice(m.from_current, m.from_root);
const operator = (name: RuleName, text: string) =>
  atomicRule(name, (input, pos) => (input.startsWith(text, pos) ? pos + text.length : -1));
m.ge = operator("ge", ">=");
m.gt = operator("gt", ">");
m.le = operator("le", "<=");
m.lt = operator("lt", "<");
m.eq = operator("eq", "==");
m.ne = operator("ne", "!=");
m.re = operator("re", "=~");
m.op = choice(m.ge, m.gt, m.le, m.lt, m.eq, m.ne, m.re);
m.boolean_true = operator("boolean_true", "true");
m.boolean_false = operator("boolean_false", "false");
m.null = operator("null", "null");
m.term = choice(m.select_term, m.decimal, m.string, m.boolean_true, m.boolean_false, m.null);
m.single_filter = rule<RuleName>("single_filter", () =>
  choice(sequence(m.term, m.op, m.term), m.term),
);
m.and = rule<RuleName>("and", () => literal("&&"));
m.or = rule<RuleName>("or", () => literal("||"));
m.filter_relation = choice(m.and, m.or);
m.negation = rule<RuleName>("negation", () => sequence(literal("!"), m.inner_filter));
// `filter` is defined below; refer to it late.
m.inner_filter = choice(
  m.negation,
  m.single_filter,
  sequence(literal("("), (state) => m.filter(state), literal(")")),
);
m.filter = rule<RuleName>("filter", () =>
  sequence(m.inner_filter, repeat(sequence(m.filter_relation, m.inner_filter))),
);
m.all = rule<RuleName>("all", () => literal("*"));
m.full_scan = rule<RuleName>("full_scan", () => literal(".."));
m.bracket = choice(
  m.numbers_range,
  m.numbers_list,
  m.string_list,
  m.all,
  sequence(literal("?"), m.filter),
);
const inBrackets = () => sequence(literal("["), m.bracket, literal("]"));
m.element = choice(
  sequence(literal("."), m.literal),
  sequence(m.full_scan, choice(m.literal, m.all, inBrackets())),
  sequence(literal("."), m.all),
  sequence(optional(literal(".")), inBrackets()),
);
m.root = rule<RuleName>("root", () =>
  sequence(choice(m.element, m.literal, m.all), repeat(m.element)),
);
m.EOI = endOfInput<RuleName>("EOI");
m.query = sequence(literal("$"), optional(m.root), m.EOI);

// ---- the compiled form ------------------------------------------------------------------------------

/** One step of a compiled path. */
export type Segment =
  | { readonly kind: "key"; readonly key: string }
  | { readonly kind: "keys"; readonly keys: readonly string[] }
  | { readonly kind: "indexes"; readonly indexes: readonly number[] }
  | {
      readonly kind: "range";
      /** Undefined: from the first element. */
      readonly start: number | undefined;
      /** Undefined: to the end. */
      readonly end: number | undefined;
      readonly step: number;
    }
  | { readonly kind: "all" }
  | { readonly kind: "descendants" }
  | { readonly kind: "filter"; readonly filter: FilterExpression };

export type FilterOperator = "==" | "!=" | "<" | "<=" | ">" | ">=" | "=~";

/** A filter operand. */
export type FilterTerm =
  | { readonly kind: "current"; readonly path: readonly Segment[] | undefined }
  | { readonly kind: "root"; readonly path: readonly Segment[] | undefined }
  | { readonly kind: "integer"; readonly value: number | bigint }
  | { readonly kind: "float"; readonly value: number }
  | { readonly kind: "string"; readonly value: string }
  | { readonly kind: "boolean"; readonly value: boolean }
  | { readonly kind: "null" };

export type FilterExpression =
  | { readonly kind: "or"; readonly operands: readonly FilterExpression[] }
  | { readonly kind: "and"; readonly operands: readonly FilterExpression[] }
  | { readonly kind: "not"; readonly operand: FilterExpression }
  | { readonly kind: "test"; readonly term: FilterTerm }
  | {
      readonly kind: "compare";
      readonly left: FilterTerm;
      readonly operator: FilterOperator;
      readonly right: FilterTerm;
    };

export interface CompiledPath {
  readonly segments: readonly Segment[];
  /**
   * Whether the path can match at most one value (RedisJSON's `is_static`): only names and
   * single-element index or name lists. JSON.SET can create a member only through such a path.
   */
  readonly isStatic: boolean;
}

/** Compiled paths by text; paths repeat a lot, and compiling is the costly part of a lookup. */
const cache = new Map<string, CompiledPath | string>();
const CACHE_LIMIT = 1024;

/**
 * Compiles a JSONPath (a binary string of UTF-8 text starting with `$`); throws `ReplyError` with
 * RedisJSON's message (which has no `ERR` prefix) on a syntax error.
 */
export function compilePath(text: string): CompiledPath {
  let compiled = cache.get(text);
  if (compiled === undefined) {
    compiled = compileUncached(text);
    if (cache.size >= CACHE_LIMIT) {
      cache.clear();
    }
    cache.set(text, compiled);
  }
  if (typeof compiled === "string") {
    throw new ReplyError(compiled);
  }
  return compiled;
}

function compileUncached(text: string): CompiledPath | string {
  const state = createState<RuleName>(text);
  const tokens = m.query(state);
  if (tokens === undefined) {
    return syntaxError(text, state);
  }
  const segments = tokens[0]?.rule === "root" ? toSegments(text, tokens[0]) : [];
  return { segments, isStatic: segments.every(isStaticSegment) };
}

function isStaticSegment(segment: Segment): boolean {
  switch (segment.kind) {
    case "key":
      return true;
    case "keys":
      return segment.keys.length === 1;
    case "indexes":
      return segment.indexes.length === 1;
    default:
      return false;
  }
}

/** RedisJSON's `QueryCompilationError` text, built from pest's furthest failure. */
function syntaxError(text: string, state: { attemptPos: number; attempts: RuleName[] }): string {
  const expected = [...new Set(state.attempts)]
    .sort((a, b) => RULES.indexOf(a) - RULES.indexOf(b))
    .map((name) => RULE_LABELS[name] ?? name);
  const message =
    expected.length === 0
      ? "parsing error"
      : `expected one of the following: ${expected.join(", ")}`;
  const pos = state.attemptPos;
  const where =
    pos === text.length
      ? `"${text} <<<<----"`
      : `"${text.slice(0, pos)} ---->>>> ${text.slice(pos)}"`;
  // Error replies are one line: Redis turns CR and LF in them into spaces.
  return `Error occurred on position ${pos}, ${where}, ${message}.`.replace(/[\r\n]/g, " ");
}

// ---- tokens → segments ----------------------------------------------------------------------------

function tokenText(text: string, token: PathToken): string {
  return text.slice(token.start, token.end);
}

/** A string token's value: escapes of the quote and of `\` removed, UTF-8 decoded. */
function stringValue(text: string, token: PathToken): string {
  const raw = tokenText(text, token);
  const unescaped = token.rule === "string_value" ? raw : raw.replace(/\\(.)/g, "$1");
  return binaryToUtf8(unescaped);
}

/** Index arithmetic needs no more than doubles: anything past 2^53 is out of range anyway. */
function numberValue(text: string, token: PathToken): number {
  return Number(tokenText(text, token));
}

function toSegments(text: string, root: PathToken): Segment[] {
  return root.children.map((token) => toSegment(text, token));
}

function toSegment(text: string, token: PathToken): Segment {
  switch (token.rule) {
    case "literal":
      return { kind: "key", key: binaryToUtf8(tokenText(text, token)) };
    case "string_list":
      return { kind: "keys", keys: token.children.map((child) => stringValue(text, child)) };
    case "numbers_list":
      return { kind: "indexes", indexes: token.children.map((child) => numberValue(text, child)) };
    case "numbers_range":
      return toRange(text, token.children[0] as PathToken);
    case "all":
      return { kind: "all" };
    case "full_scan":
      return { kind: "descendants" };
    case "filter":
      return { kind: "filter", filter: toFilter(text, token) };
    default:
      throw new Error(`unexpected path token ${token.rule}`);
  }
}

function toRange(text: string, range: PathToken): Segment {
  const numbers = range.children.filter((child) => child.rule === "number");
  const stepToken = range.children.find((child) => child.rule === "pos_number");
  const step = stepToken === undefined ? 1 : numberValue(text, stepToken);
  const first = numbers[0] === undefined ? undefined : numberValue(text, numbers[0]);
  const second = numbers[1] === undefined ? undefined : numberValue(text, numbers[1]);
  switch (range.rule) {
    case "right_range":
      return { kind: "range", start: undefined, end: first, step };
    case "left_range":
      return { kind: "range", start: first, end: undefined, step };
    case "full_range":
      return { kind: "range", start: first, end: second, step };
    default:
      return { kind: "range", start: undefined, end: undefined, step };
  }
}

/** `a && b || c && d` → or(and(a, b), and(c, d)): `&&` binds tighter, as RedisJSON evaluates it. */
function toFilter(text: string, filter: PathToken): FilterExpression {
  const alternatives: FilterExpression[][] = [[]];
  for (const child of filter.children) {
    if (child.rule === "or") {
      alternatives.push([]);
    } else if (child.rule !== "and") {
      (alternatives[alternatives.length - 1] as FilterExpression[]).push(toInner(text, child));
    }
  }
  const ands = alternatives.map((operands) =>
    operands.length === 1 ? (operands[0] as FilterExpression) : { kind: "and" as const, operands },
  );
  return ands.length === 1 ? (ands[0] as FilterExpression) : { kind: "or", operands: ands };
}

function toInner(text: string, token: PathToken): FilterExpression {
  switch (token.rule) {
    case "filter":
      return toFilter(text, token);
    case "negation":
      return { kind: "not", operand: toInner(text, token.children[0] as PathToken) };
    default:
      return toSingleFilter(text, token);
  }
}

const OPERATORS: Partial<Record<RuleName, FilterOperator>> = {
  eq: "==",
  ne: "!=",
  lt: "<",
  le: "<=",
  gt: ">",
  ge: ">=",
  re: "=~",
};

function toSingleFilter(text: string, token: PathToken): FilterExpression {
  const [left, op, right] = token.children;
  const leftTerm = toTerm(text, left as PathToken);
  const operator = op === undefined ? undefined : OPERATORS[op.rule];
  if (operator === undefined || right === undefined) {
    return { kind: "test", term: leftTerm };
  }
  return { kind: "compare", left: leftTerm, operator, right: toTerm(text, right) };
}

function toTerm(text: string, token: PathToken): FilterTerm {
  switch (token.rule) {
    case "from_current":
    case "from_root": {
      const root = token.children[0];
      return {
        kind: token.rule === "from_current" ? "current" : "root",
        path: root === undefined ? undefined : toSegments(text, root),
      };
    }
    case "decimal":
      return decimalTerm(tokenText(text, token));
    case "boolean_true":
      return { kind: "boolean", value: true };
    case "boolean_false":
      return { kind: "boolean", value: false };
    case "null":
      return { kind: "null" };
    default:
      return { kind: "string", value: stringValue(text, token) };
  }
}

/** A literal number: an i64 when it is one (`parse::<i64>`), else a double. */
function decimalTerm(text: string): FilterTerm {
  if (!text.includes(".")) {
    const value = BigInt(text);
    if (value >= -(2n ** 63n) && value < 2n ** 63n) {
      return {
        kind: "integer",
        value: Number.isSafeInteger(Number(value)) ? Number(value) : value,
      };
    }
  }
  return { kind: "float", value: Number(text) };
}
