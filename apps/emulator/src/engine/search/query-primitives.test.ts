import { describe, test } from "vitest";
import { editDistance, phraseFrequency } from "./query.ts";

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
});
