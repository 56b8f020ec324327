import { fc, test } from "@fast-check/vitest";
import { describe, test as unitTest } from "vitest";
import { parseVectorBody, prefetchVectors, vectorsAheadOf } from "./json-body.ts";

const encoder = new TextEncoder();

/** What parseVectorBody promises for a JSON.parse result: record vectors of finite numbers as float32. */
function expected(value: unknown): unknown {
  const asRecord = (item: unknown): unknown => {
    if (typeof item !== "object" || item === null || Array.isArray(item)) {
      return item;
    }
    const vector = (item as Record<string, unknown>)["vector"];
    if (
      Array.isArray(vector) &&
      vector.every((component) => typeof component === "number" && Number.isFinite(component))
    ) {
      // Own property copy that keeps a `__proto__` key as JSON.parse made it.
      const copy = Object.fromEntries(Object.entries(item));
      copy["vector"] = Float32Array.from(vector as number[]);
      return copy;
    }
    return item;
  };
  return Array.isArray(value) ? value.map(asRecord) : asRecord(value);
}

/** JSON.parse's outcome and the reader's agree: the same value, or both throw. */
function agree(text: string): { actual: unknown; wanted: unknown } {
  let wanted: unknown;
  let parseFailed = false;
  try {
    wanted = expected(JSON.parse(text));
  } catch {
    parseFailed = true;
  }
  let actual: unknown;
  try {
    actual = parseVectorBody(encoder.encode(text));
  } catch {
    // The route then falls back to JSON.parse: only a value JSON.parse refuses may not be read.
    return { actual: "threw", wanted: "threw" };
  }
  return { actual, wanted: parseFailed ? "JSON.parse threw" : wanted };
}

/** Decimal texts of every shape JSON allows: signs, leading zeros, long mantissas, exponents. */
const numberText = fc
  .tuple(
    fc.boolean(),
    fc.oneof(fc.constant("0"), fc.stringMatching(/^[1-9][0-9]{0,24}$/)),
    fc.option(fc.stringMatching(/^[0-9]{1,30}$/), { nil: undefined }),
    fc.option(fc.integer({ min: -60, max: 60 }), { nil: undefined }),
  )
  .map(
    ([negative, integer, fraction, exponent]) =>
      `${negative ? "-" : ""}${integer}${fraction === undefined ? "" : `.${fraction}`}${
        exponent === undefined ? "" : `e${exponent}`
      }`,
  );

/** Upsert bodies: records with vectors of any decimal text, ids and metadata. */
const recordsText = fc
  .array(
    fc.record({
      id: fc.string(),
      vector: fc.array(
        fc.oneof(numberText, fc.double({ noNaN: true, noDefaultInfinity: true }).map(String)),
        { maxLength: 20 },
      ),
      metadata: fc.option(fc.dictionary(fc.string(), fc.jsonValue()), { nil: undefined }),
    }),
    { maxLength: 5 },
  )
  .map(
    (records) =>
      `[${records
        .map(
          (record) =>
            `{"id":${JSON.stringify(record.id)},"vector":[${record.vector.join(" ,\n")}]${
              record.metadata === undefined ? "" : `,"metadata":${JSON.stringify(record.metadata)}`
            }}`,
        )
        .join(",")}]`,
  );

/** Bodies where `"vector"` is found where no record vector is: nested, in strings, as a value. */
const misleadingText = fc
  .array(
    fc.dictionary(
      fc.constantFrom("vector", "id", "metadata", 'a\\"vector'),
      fc.oneof(
        fc.array(fc.integer()),
        fc.jsonValue(),
        fc.constantFrom('"vector"', '{"vector":[1,2]}', '["vector",[3]]', '"\\"vector\\":[4]"'),
        fc.dictionary(fc.constantFrom("vector"), fc.array(fc.double({ noNaN: true }))),
      ),
    ),
    { maxLength: 4 },
  )
  .map((records) => JSON.stringify(records))
  .chain((text) =>
    // And the same cut short or with bytes changed: a body that is no longer JSON.
    fc.oneof(
      fc.constant(text),
      fc.nat({ max: text.length }).map((end) => text.slice(0, end)),
      fc
        .tuple(fc.nat({ max: text.length }), fc.constantFrom("]", "[", '"', ",", "x", "1e999"))
        .map(([at, insert]) => `${text.slice(0, at)}${insert}${text.slice(at)}`),
    ),
  );

/**
 * `parseVectorBody` with the vectors read ahead as `VectorBodyReader` does: those of the first
 * part of the body from the body, those of the rest from a copy of the rest, and the structure.
 */
function readInTwo(body: Uint8Array, split: number): unknown {
  const copy = body.slice(split);
  const first = prefetchVectors(body, { from: 0, to: split });
  const rest = prefetchVectors(copy, { from: 0, to: copy.length, base: split });
  return parseVectorBody(body, vectorsAheadOf([first, rest]));
}

describe("parseVectorBody with vectors read ahead", () => {
  test.prop(
    [
      fc.oneof(
        recordsText,
        misleadingText,
        fc.jsonValue().map((value) => JSON.stringify(value)),
      ),
      fc.double({ min: 0, max: 1, noNaN: true }),
    ],
    { numRuns: 500 },
  )("gives what reading it inline gives, or throws as it does", (text, share) => {
    const body = encoder.encode(text);
    const split = Math.floor(body.length * share);
    const inline = outcome(() => parseVectorBody(body));
    const ahead = outcome(() => readInTwo(body, split));
    return expectEqual(ahead, inline);
  });
});

unitTest("a record vector read ahead is taken, not read again", ({ expect }) => {
  const body = encoder.encode('[{"id":"a","vector":[0.5,1]},{"id":"b","vector":[2,-0.25]}]');
  const split = body.indexOf(0x7d) + 1;
  const copy = body.slice(split);
  const rest = prefetchVectors(copy, { from: 0, to: copy.length, base: split });
  const records = parseVectorBody(body, vectorsAheadOf([rest])) as { vector: Float32Array }[];
  expect(records[1]?.vector.buffer).toBe(rest.floats.buffer);
  expect(Array.from(records[1]?.vector ?? [])).toEqual([2, -0.25]);
  expect(Array.from(records[0]?.vector ?? [])).toEqual([0.5, 1]);
});

/** The value `read` returns, or "threw". */
function outcome(read: () => unknown): unknown {
  try {
    return read();
  } catch {
    return "threw";
  }
}

describe("parseVectorBody against JSON.parse", () => {
  test.prop([fc.jsonValue()], { numRuns: 300 })("any JSON value", (value) => {
    const { actual, wanted } = agree(JSON.stringify(value));
    return expectEqual(actual, wanted);
  });

  test.prop([recordsText], { numRuns: 300 })(
    "records whose vectors are every kind of decimal text",
    (text) => {
      const { actual, wanted } = agree(text);
      return expectEqual(actual, wanted);
    },
  );

  test.prop(
    [
      fc.array(
        fc.oneof(
          // What clients send most: float32 values as JSON.stringify writes them.
          fc.float({ noNaN: true, noDefaultInfinity: true }).map((value) => JSON.stringify(value)),
          // Halfway between two float32 values, and a hair either side: the decimals whose
          // first digits do not decide the float32.
          fc
            .tuple(
              fc.float({ noNaN: true, min: Math.fround(-1e30), max: Math.fround(1e30) }),
              fc.constantFrom(-1e-12, 0, 1e-12),
            )
            .map(([value, nudge]) => {
              const bits = new Float32Array([value]);
              const next = new Int32Array(bits.buffer);
              next[0] = (next[0] as number) + 1;
              const halfway = (value + (bits[0] as number)) / 2;
              return String(halfway * (1 + nudge));
            }),
          fc.stringMatching(/^-?(0|[1-9][0-9]{0,11})\.[0-9]{1,26}$/),
        ),
        { minLength: 1, maxLength: 40 },
      ),
    ],
    { numRuns: 500 },
  )("vectors of float32 texts and of texts between two float32 values", (components) => {
    const { actual, wanted } = agree(`[{"id":"a","vector":[${components.join(",")}]}]`);
    return expectEqual(actual, wanted);
  });

  test.prop([fc.string({ unit: fc.constantFrom(...'{}[]":,0123456789-+.eE truenlfasvcoé\\') })], {
    numRuns: 1000,
  })("text that is mostly not JSON", (text) => {
    const { actual, wanted } = agree(text);
    return expectEqual(actual, wanted);
  });

  test.prop([fc.constantFrom("vector", "__proto__", "constructor"), fc.jsonValue()])(
    "record keys that are special",
    (key, value) => {
      const { actual, wanted } = agree(`{${JSON.stringify(key)}:${JSON.stringify(value)}}`);
      return expectEqual(actual, wanted);
    },
  );
});

describe("parseVectorBody of a large body", () => {
  // From 64 KB a body's vectors are views of shared blocks of 65,536 floats: vectors cross from
  // one block to the next, a vector longer than what is left of a block grows it, and an array
  // that is not all numbers (read into the block, then refused) leaves what follows as it was.
  test.prop(
    [
      fc.array(
        fc.oneof(
          { weight: 8, arbitrary: fc.integer({ min: 0, max: 3000 }) },
          { weight: 1, arbitrary: fc.constant(-1) },
        ),
        { minLength: 40, maxLength: 120 },
      ),
      fc.integer({ min: 1, max: 1000 }),
    ],
    { numRuns: 20 },
  )("gives JSON.parse's records, each vector its own values", (lengths, seed) => {
    const records = lengths.map((length, row) => ({
      id: `r${row}`,
      vector:
        length < 0
          ? [1, "two", 3]
          : Array.from({ length }, (_, column) => Math.fround((seed * (row + 1)) / (column + 7))),
    }));
    const text = JSON.stringify(records);
    const { actual, wanted } = agree(text);
    return encoder.encode(text).length >= 64 * 1024 && expectEqual(actual, wanted);
  });
});

/** Deep equality that tells 0 from -0 and compares float32 arrays bit for bit. */
function expectEqual(actual: unknown, wanted: unknown): boolean {
  if (actual instanceof Float32Array || wanted instanceof Float32Array) {
    return (
      actual instanceof Float32Array &&
      wanted instanceof Float32Array &&
      actual.length === wanted.length &&
      actual.every((component, index) => Object.is(component, wanted[index]))
    );
  }
  if (
    typeof actual !== "object" ||
    actual === null ||
    typeof wanted !== "object" ||
    wanted === null
  ) {
    return Object.is(actual, wanted);
  }
  if (Array.isArray(actual) !== Array.isArray(wanted)) {
    return false;
  }
  const actualKeys = Reflect.ownKeys(actual);
  const wantedKeys = Reflect.ownKeys(wanted);
  return (
    actualKeys.length === wantedKeys.length &&
    actualKeys.every(
      (key, index) =>
        key === wantedKeys[index] &&
        expectEqual(
          (actual as Record<string | symbol, unknown>)[key],
          (wanted as Record<string | symbol, unknown>)[key],
        ),
    )
  );
}
