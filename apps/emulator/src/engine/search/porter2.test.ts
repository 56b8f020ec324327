import { describe, test } from "vitest";
import { porter2 } from "./porter2.ts";

/** Pairs from Snowball English's published vocabulary and its algorithm page's examples. */
const SNOWBALL_PAIRS: readonly (readonly [string, string])[] = [
  ["generously", "generous"],
  ["dying", "die"],
  ["news", "news"],
  ["skies", "sky"],
  ["fluently", "fluentli"],
  ["succeeded", "succeed"],
  ["consignment", "consign"],
  ["knightly", "knight"],
  ["happily", "happili"],
  ["running", "run"],
  ["studies", "studi"],
  ["cried", "cri"],
  ["ties", "tie"],
  ["gaps", "gap"],
  ["gas", "gas"],
  ["kiwis", "kiwi"],
  ["hoped", "hope"],
  ["controlling", "control"],
  ["relational", "relat"],
  ["communism", "communism"],
  ["arsenal", "arsenal"],
  ["generate", "generat"],
  ["hopefulness", "hope"],
  ["luxuriating", "luxuri"],
  ["youth", "youth"],
  ["sayings", "say"],
  ["caresses", "caress"],
];

describe("porter2", () => {
  test("stems as Snowball English does, where the original Porter algorithm differs", ({
    expect,
  }) => {
    expect(SNOWBALL_PAIRS.map(([word]) => [word, porter2(word)])).toEqual(SNOWBALL_PAIRS);
  });

  test("leaves words of two letters and the invariant exceptions alone", ({ expect }) => {
    expect(["as", "is", "sky", "atlas", "andes"].map(porter2)).toEqual([
      "as",
      "is",
      "sky",
      "atlas",
      "andes",
    ]);
  });
});
