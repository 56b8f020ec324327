import { fc, test as property } from "@fast-check/vitest";
import { describe, expect, test } from "vitest";
import { editDistance, phraseFrequency } from "./query.ts";

/** Restricted Damerau–Levenshtein by its textbook recurrence, over code points. */
function referenceDistance(query: string, term: string, transpositionCostOne: boolean): number {
  const a = [...query];
  const b = [...term];
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = d[i] as number[];
      const up = d[i - 1] as number[];
      row[j] = Math.min(
        (up[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (up[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      if (
        transpositionCostOne &&
        i > 1 &&
        j > 1 &&
        a[i - 1] === b[j - 2] &&
        a[i - 2] === b[j - 1]
      ) {
        row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
      }
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}

describe("search primitives", () => {
  test("edit distance counts a transposition as one edit or two", ({ expect }) => {
    expect(editDistance("speaker", "spaeker", { transpositionCostOne: true, prefix: false })).toBe(
      1,
    );
    expect(editDistance("speaker", "spaeker", { transpositionCostOne: false, prefix: false })).toBe(
      2,
    );
    expect(editDistance("spek", "speakers", { transpositionCostOne: true, prefix: true })).toBe(1);
  });

  test("phrase frequency honours order and slop", ({ expect }) => {
    expect(
      phraseFrequency(
        [
          [0, 5],
          [1, 9],
        ],
        0,
      ),
    ).toBe(1);
    expect(phraseFrequency([[0], [2]], 0)).toBe(0);
    expect(phraseFrequency([[0], [2]], 1)).toBe(1);
    expect(phraseFrequency([[3], [1]], 5)).toBe(0);
  });

  property.prop([
    fc.string({ unit: fc.constantFrom("a", "b", "c", "😀"), maxLength: 7 }),
    fc.string({ unit: fc.constantFrom("a", "b", "c", "😀"), maxLength: 7 }),
    fc.boolean(),
  ])("edit distance agrees with the textbook recurrence", (query, term, transpositionCostOne) => {
    expect(editDistance(query, term, { transpositionCostOne, prefix: false })).toBe(
      referenceDistance(query, term, transpositionCostOne),
    );
  });
});
