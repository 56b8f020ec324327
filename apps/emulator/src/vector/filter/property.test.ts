/**
 * Property tests: the parser only ever fails with FilterSyntaxError, and generated well-formed
 * filters, printed in randomly varied surface syntax, evaluate exactly as an independent
 * reference evaluator says over generated metadata.
 */
import { fc, test as fcTest } from "@fast-check/vitest";
import { describe } from "vitest";
import type { FilterExpression } from "./ast.ts";
import { FilterSyntaxError } from "./errors.ts";
import { toPredicate } from "./evaluate.ts";
import { parseFilter } from "./parser.ts";

// --- the model: a filter AST independent of the implementation's ---------------------------

type Literal = string | number | boolean;
type Step = { key: string } | { index: number } | { fromEnd: number };
type Path = readonly Step[];
type Glob = readonly ({ lit: string } | "*" | "?" | { set: string[]; negated: "^" | "!" | "" })[];
type Model =
  | { op: "and" | "or"; operands: readonly Model[] }
  | { op: "=" | "!=" | "<" | "<=" | ">" | ">="; path: Path; value: Literal }
  | { op: "in" | "not in"; path: Path; values: readonly Literal[] }
  | { op: "contains" | "not contains"; path: Path; value: Literal }
  | { op: "glob" | "not glob"; path: Path; glob: Glob }
  | { op: "has" | "has not"; path: Path };

const KEYS = ["a", "b", "c"] as const;
const STRINGS = ["", "a", "b", "ab", "A", "it's", 'say "hi"', "back\\slash", "ç"];

const stringArb = fc.constantFrom(...STRINGS);
// Small value sets, so generated filters and metadata often meet (roughly a fifth match).
const numberArb = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: -2, max: 2 }) },
  fc.integer({ min: -20, max: 20 }).map((n) => n / 8),
);
const literalArb: fc.Arbitrary<Literal> = fc.oneof(stringArb, numberArb, fc.boolean());
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...KEYS).map((key) => ({ key })) },
  fc.integer({ min: 0, max: 2 }).map((index) => ({ index })),
  fc.integer({ min: 0, max: 3 }).map((fromEnd) => ({ fromEnd })),
);
const pathArb: fc.Arbitrary<Path> = fc
  .tuple(fc.constantFrom(...KEYS), fc.array(stepArb, { maxLength: 2 }))
  .map(([first, rest]) => [{ key: first }, ...rest]);
const globArb: fc.Arbitrary<Glob> = fc.array(
  fc.oneof(
    fc.constantFrom("a", "b", "A", "'", '"').map((lit) => ({ lit })),
    fc.constantFrom<"*" | "?">("*", "?"),
    fc.record({
      set: fc.array(fc.constantFrom("a", "b", "c", "a-b", "A-Z"), { minLength: 1, maxLength: 3 }),
      negated: fc.constantFrom<"^" | "!" | "">("", "^", "!"),
    }),
  ),
  { maxLength: 5 },
);

const modelArb: fc.Arbitrary<Model> = fc.letrec<{ model: Model; leaf: Model }>((tie) => ({
  leaf: fc.oneof(
    fc.record({
      op: fc.constantFrom("=", "!=", "<", "<=", ">", ">=" as const),
      path: pathArb,
      value: literalArb,
    }),
    fc.record({
      op: fc.constantFrom("in", "not in" as const),
      path: pathArb,
      values: fc.array(literalArb, { minLength: 1, maxLength: 4 }),
    }),
    fc.record({
      op: fc.constantFrom("contains", "not contains" as const),
      path: pathArb,
      value: literalArb,
    }),
    fc.record({ op: fc.constantFrom("glob", "not glob" as const), path: pathArb, glob: globArb }),
    fc.record({ op: fc.constantFrom("has", "has not" as const), path: pathArb }),
  ),
  model: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    tie("leaf"),
    fc.record({
      op: fc.constantFrom("and", "or" as const),
      operands: fc.array(tie("model"), { minLength: 2, maxLength: 3 }),
    }),
  ),
}))["model"];

// --- metadata -----------------------------------------------------------------------------

const scalarArb = fc.oneof(stringArb, numberArb, fc.boolean(), fc.constant(null));
const metadataArb: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown; object: unknown }>(
  (tie) => ({
    value: fc.oneof(
      { depthSize: "small" },
      { weight: 2, arbitrary: scalarArb },
      fc.array(tie("value"), { maxLength: 4 }),
      tie("object"),
    ),
    object: fc.dictionary(fc.constantFrom(...KEYS), tie("value"), { minKeys: 2, maxKeys: 3 }),
  }),
)["object"];

// --- the reference evaluator, written from vector-rest-wire.md §3 and evaluate.ts's notes ----

const ABSENT = Symbol("absent");

function lookup(root: unknown, path: Path): unknown {
  let value: unknown = root;
  for (const step of path) {
    if ("key" in step) {
      const ok = value !== null && typeof value === "object" && !Array.isArray(value);
      if (!ok || !(step.key in (value as object))) {
        return ABSENT;
      }
      value = (value as Record<string, unknown>)[step.key];
    } else {
      if (!Array.isArray(value)) {
        return ABSENT;
      }
      const i = "index" in step ? step.index : value.length - step.fromEnd;
      if (i < 0 || i >= value.length) {
        return ABSENT;
      }
      value = value[i];
    }
  }
  return value;
}

function globRegExp(glob: Glob): RegExp {
  const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\-]/g, "\\$&");
  const source = glob
    .map((part) => {
      if (part === "*") {
        return "[\\s\\S]*";
      }
      if (part === "?") {
        return "[\\s\\S]";
      }
      if ("lit" in part) {
        return escapeRegExp(part.lit);
      }
      const items = part.set.map((item) =>
        item.length === 3
          ? `${escapeRegExp(item[0] as string)}-${escapeRegExp(item[2] as string)}`
          : escapeRegExp(item),
      );
      return `[${part.negated === "" ? "" : "^"}${items.join("")}]`;
    })
    .join("");
  return new RegExp(`^${source}$`, "u");
}

function reference(model: Model, metadata: unknown): boolean {
  if ("operands" in model) {
    const results = model.operands.map((m) => reference(m, metadata));
    return model.op === "and" ? results.every(Boolean) : results.some(Boolean);
  }
  return referenceLeaf(model, metadata);
}

function referenceLeaf(model: Exclude<Model, { op: "and" | "or" }>, metadata: unknown): boolean {
  const value = lookup(metadata, model.path);
  switch (model.op) {
    case "has":
      return value !== ABSENT;
    case "has not":
      return value === ABSENT;
    case "=":
      return value === model.value;
    case "!=":
      return typeof value === typeof model.value && value !== model.value;
    case "<":
    case "<=":
    case ">":
    case ">=": {
      if (typeof value !== "number" || typeof model.value !== "number") {
        return false;
      }
      const d = value - model.value;
      return { "<": d < 0, "<=": d <= 0, ">": d > 0, ">=": d >= 0 }[model.op];
    }
    case "in":
      return model.values.includes(value as Literal);
    case "not in":
      return (
        value !== ABSENT && model.values.every((v) => typeof v === typeof value && v !== value)
      );
    case "contains":
      return Array.isArray(value) && value.some((v) => v === model.value);
    case "not contains":
      return Array.isArray(value) && !value.some((v) => v === model.value);
    case "glob":
      return typeof value === "string" && globRegExp(model.glob).test(value);
    case "not glob":
      return typeof value === "string" && !globRegExp(model.glob).test(value);
  }
}

// --- printing, with random surface variations ---------------------------------------------

interface Style {
  readonly upper: boolean[];
  readonly doubleQuotes: boolean[];
  readonly spaces: string[];
  readonly extraParens: boolean[];
}
const styleArb: fc.Arbitrary<Style> = fc.record({
  upper: fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
  doubleQuotes: fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
  spaces: fc.array(fc.constantFrom(" ", "  ", "\n", "\t "), { minLength: 1, maxLength: 8 }),
  extraParens: fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
});

function printer(style: Style): (model: Model) => string {
  let n = 0;
  const pick = <T>(list: readonly T[]): T => list[n++ % list.length] as T;
  const kw = (word: string): string =>
    pick(style.upper) ? word.toUpperCase() : word.toLowerCase();
  const sp = (): string => pick(style.spaces);
  const quote = (s: string): string => {
    const q = pick(style.doubleQuotes) ? '"' : "'";
    return q + s.replaceAll("\\", "\\\\").replaceAll(q, `\\${q}`) + q;
  };
  const literal = (v: Literal): string =>
    typeof v === "string" ? quote(v) : typeof v === "boolean" ? kw(String(v)) : String(v);
  const path = (p: Path): string =>
    p
      .map((step, i) =>
        "key" in step
          ? (i === 0 ? "" : ".") + step.key
          : "index" in step
            ? `[${step.index}]`
            : `[#-${step.fromEnd}]`,
      )
      .join("");
  const glob = (g: Glob): string =>
    g
      .map((part) =>
        typeof part === "string"
          ? part
          : "lit" in part
            ? part.lit
            : `[${part.negated}${part.set.join("")}]`,
      )
      .join("");
  const print = (model: Model, parent: "and" | "or" | "top"): string => {
    let text: string;
    switch (model.op) {
      case "and":
      case "or": {
        text = model.operands
          .map((m) => print(m, model.op as "and" | "or"))
          .join(`${sp()}${kw(model.op)}${sp()}`);
        if (model.op === "or" && parent === "and") {
          return `(${text})`;
        }
        break;
      }
      case "has":
      case "has not":
        text = `${kw(model.op)}${sp()}${kw("field")}${sp()}${path(model.path)}`;
        break;
      case "in":
      case "not in":
        text = `${path(model.path)}${sp()}${kw(model.op)}${sp()}(${model.values.map(literal).join(`,${sp()}`)})`;
        break;
      case "glob":
      case "not glob":
        text = `${path(model.path)}${sp()}${kw(model.op)}${sp()}${quote(glob(model.glob))}`;
        break;
      default:
        text = `${path(model.path)}${sp()}${kw(model.op)}${sp()}${literal(model.value)}`;
    }
    return pick(style.extraParens) ? `(${sp()}${text}${sp()})` : text;
  };
  return (model) => print(model, "top");
}

// --- properties ---------------------------------------------------------------------------

const onlySyntaxErrors = (text: string): boolean => {
  try {
    parseFilter(text);
    return true;
  } catch (error) {
    if (error instanceof FilterSyntaxError) {
      return /^Invalid filter\. At line \d+:\d+ /.test(error.message);
    }
    throw error;
  }
};

const FRAGMENTS = [
  "a",
  "b.c",
  "d[0]",
  "e[#-1]",
  "x[",
  "]",
  "#",
  "-",
  ".",
  "=",
  "!=",
  "<",
  "<=",
  ">",
  ">=",
  "!",
  "AND",
  "or",
  "NOT",
  "in",
  "CONTAINS",
  "glob",
  "HAS",
  "field",
  "true",
  "FALSE",
  "(",
  ")",
  ",",
  "'s'",
  '"t"',
  "'",
  '"',
  "\\",
  "1",
  "-2.5",
  "1e5",
  " ",
  "\n",
  "null",
  "[object Object]",
];

/** Fail a property with a readable message (property callbacks get no test context). */
function check(condition: boolean, message: () => string): void {
  if (!condition) {
    throw new Error(message());
  }
}

/** The tree without source texts, and with `(x AND y) AND z` flattened like `x AND y AND z`. */
function canonical(tree: FilterExpression): unknown {
  if (tree.kind === "and" || tree.kind === "or") {
    const operands = tree.operands.flatMap((operand) =>
      operand.kind === tree.kind
        ? (canonical(operand) as { operands: unknown[] }).operands
        : [canonical(operand)],
    );
    return { kind: tree.kind, operands };
  }
  return JSON.parse(JSON.stringify(tree, (key, value) => (key === "text" ? undefined : value)));
}

describe("filter properties", () => {
  fcTest.prop([fc.string({ maxLength: 60, unit: "binary" })], { numRuns: 300 })(
    "random strings never throw anything but FilterSyntaxError",
    (text) => onlySyntaxErrors(text),
  );

  fcTest.prop([fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 14 })], { numRuns: 500 })(
    "random token soups never throw anything but FilterSyntaxError",
    (fragments) => onlySyntaxErrors(fragments.join(" ")) && onlySyntaxErrors(fragments.join("")),
  );

  fcTest.prop([modelArb, styleArb, fc.array(metadataArb, { minLength: 1, maxLength: 6 })], {
    numRuns: 300,
  })("generated filters evaluate as the reference evaluator says", (model, style, records) => {
    const text = printer(style)(model);
    const predicate = toPredicate(parseFilter(text));
    for (const metadata of records) {
      const expected = reference(model, metadata);
      check(
        predicate(metadata) === expected,
        () => `${text} on ${JSON.stringify(metadata)}: expected ${expected}`,
      );
    }
  });

  fcTest.prop([modelArb, styleArb, styleArb], { numRuns: 200 })(
    "surface syntax does not change meaning: two printings parse to the same tree",
    (model, first, second) => {
      const a = JSON.stringify(canonical(parseFilter(printer(first)(model))));
      const b = JSON.stringify(canonical(parseFilter(printer(second)(model))));
      check(a === b, () => `${printer(first)(model)} and ${printer(second)(model)} differ`);
    },
  );
});
