/**
 * The index against a naive evaluator: random documents (written, rewritten and deleted through
 * commands) and random filters agree on the set of matches, and scores are finite and ordered.
 */
import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import type { Reply } from "../reply.ts";
import { createTestEngine } from "../test-support.ts";

const WORDS = ["red", "green", "blue", "fast", "slow", "cat", "dog"] as const;
const TAGS = ["a", "b", "c"] as const;

interface Doc {
  readonly words: readonly string[];
  readonly n: number;
  readonly tag: string;
  readonly flag: boolean;
}

type Filter = { readonly [key: string]: unknown };

const docArb: fc.Arbitrary<Doc> = fc.record({
  words: fc.array(fc.constantFrom(...WORDS), { minLength: 0, maxLength: 6 }),
  n: fc.integer({ min: -5, max: 5 }),
  tag: fc.constantFrom(...TAGS),
  flag: fc.boolean(),
});

const leafArb: fc.Arbitrary<Filter> = fc.oneof(
  fc.constantFrom(...WORDS).map((word) => ({ words: { $eq: word } })),
  fc
    .tuple(fc.constantFrom(...WORDS), fc.constantFrom(...WORDS))
    .map(([a, b]) => ({ words: { $phrase: `${a} ${b}` } })),
  fc.integer({ min: -6, max: 6 }).map((n) => ({ n: { $gte: n } })),
  fc.integer({ min: -6, max: 6 }).map((n) => ({ n: { $lt: n } })),
  fc.constantFrom(...TAGS).map((tag) => ({ tag })),
  fc.array(fc.constantFrom(...TAGS), { maxLength: 2 }).map((tags) => ({ tag: { $in: tags } })),
  fc.boolean().map((flag) => ({ flag })),
);

const filterArb: fc.Arbitrary<Filter> = fc.letrec<{ filter: Filter }>((tie) => ({
  filter: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leafArb,
    fc
      .record(
        {
          $must: fc.array(tie("filter"), { minLength: 1, maxLength: 3 }),
          $should: fc.array(tie("filter"), { minLength: 1, maxLength: 3 }),
          $mustNot: fc.array(tie("filter"), { minLength: 1, maxLength: 2 }),
        },
        { requiredKeys: [] },
      )
      .map((filter) => filter as Filter),
  ),
})).filter;

/** The reference: evaluates a filter on one document by reading it directly. */
function matches(filter: Filter, doc: Doc): boolean {
  const must: boolean[] = [];
  let should: boolean[] = [];
  let mustNot: boolean[] = [];
  for (const [key, value] of Object.entries(filter)) {
    const clauses = value as Filter[];
    if (key === "$must") {
      must.push(...clauses.map((clause) => matches(clause, doc)));
    } else if (key === "$should") {
      should = clauses.map((clause) => matches(clause, doc));
    } else if (key === "$mustNot") {
      mustNot = clauses.map((clause) => matches(clause, doc));
    } else {
      must.push(leafMatches(key, value, doc));
    }
  }
  if (must.length === 0 && should.length === 0) {
    return mustNot.length === 0;
  }
  const positive = must.length > 0 ? must.every(Boolean) : should.some(Boolean);
  return positive && !mustNot.some(Boolean);
}

function leafMatches(field: string, value: unknown, doc: Doc): boolean {
  const op = value as { [key: string]: unknown };
  switch (field) {
    case "words": {
      if (typeof op["$eq"] === "string") {
        return doc.words.includes(op["$eq"]);
      }
      const [a, b] = String(op["$phrase"]).split(" ");
      return doc.words.some((word, i) => word === a && doc.words[i + 1] === b);
    }
    case "n":
      return op["$gte"] !== undefined ? doc.n >= Number(op["$gte"]) : doc.n < Number(op["$lt"]);
    case "tag":
      return typeof value === "string"
        ? doc.tag === value
        : (op["$in"] as string[]).includes(doc.tag);
    default:
      return doc.flag === value;
  }
}

function items(reply: Reply): Reply[] {
  return reply.kind === "array" ? [...reply.items] : [];
}

function text(reply: Reply | undefined): string {
  return reply?.kind === "bulk" ? reply.value : "";
}

describe("search index vs a naive evaluator", () => {
  test.prop(
    [
      fc.array(fc.tuple(fc.integer({ min: 0, max: 14 }), fc.option(docArb, { nil: undefined })), {
        maxLength: 40,
      }),
      fc.array(filterArb, { minLength: 1, maxLength: 5 }),
      fc.boolean(),
    ],
    { numRuns: 60 },
  )("match sets agree and scores are finite and ordered", (writes, filters, asHash) => {
    const { run } = createTestEngine();
    const type = asHash ? "HASH" : "JSON";
    run(
      "SEARCH.CREATE",
      "i",
      "ON",
      type,
      "PREFIX",
      "1",
      "d:",
      "SCHEMA",
      "words",
      "TEXT",
      "NOSTEM",
      "n",
      "I64",
      "FAST",
      "tag",
      "KEYWORD",
      "flag",
      "BOOL",
    );
    const docs = new Map<string, Doc>();
    for (const [slot, doc] of writes) {
      const key = `d:${slot}`;
      if (doc === undefined) {
        run("DEL", key);
        docs.delete(key);
        continue;
      }
      const fields = { words: doc.words.join(" "), n: doc.n, tag: doc.tag, flag: doc.flag };
      if (asHash) {
        run("DEL", key);
        run(
          "HSET",
          key,
          ...Object.entries(fields).flatMap(([name, value]) => [name, String(value)]),
        );
      } else {
        run("JSON.SET", key, "$", JSON.stringify(fields));
      }
      docs.set(key, doc);
    }
    for (const filter of filters) {
      const json = JSON.stringify(filter);
      const expected = [...docs]
        .filter(([, doc]) => matches(filter, doc))
        .map(([key]) => key)
        .sort();
      const hits = items(run("SEARCH.QUERY", "i", json, "LIMIT", "1000", "NOCONTENT"));
      const found = hits.map((hit) => text(items(hit)[0])).sort();
      expect(found).toEqual(expected);
      expect(run("SEARCH.COUNT", "i", json)).toEqual({ kind: "integer", value: expected.length });
      const scores = hits.map((hit) => Number(text(items(hit)[1])));
      expect(scores.every(Number.isFinite)).toBe(true);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
    }
  });
});
