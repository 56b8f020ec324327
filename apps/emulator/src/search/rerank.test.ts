import { describe, test } from "vitest";
import { analyseQuery, relevance, rerankedScore } from "./rerank.ts";

describe("relevance", () => {
  const query = analyseQuery("Red Apple Pie");

  test("an exact phrase beats the same words in another order", ({ expect }) => {
    const phrase = relevance(query, "grandma bakes a red apple pie");
    const jumbled = relevance(query, "pie apple red");
    expect(phrase).toBe(1);
    expect(jumbled).toBeCloseTo(0.3, 6);
    expect(phrase).toBeGreaterThan(jumbled);
  });

  test("partial coverage scores between nothing and everything", ({ expect }) => {
    const partial = relevance(query, "an apple a day");
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(relevance(query, "red apple and pie"));
    expect(relevance(query, "chocolate cake")).toBe(0);
  });

  test("stemming and punctuation do not break a phrase", ({ expect }) => {
    expect(relevance(analyseQuery("apple pies"), "Apple-pies, fresh!")).toBe(1);
  });

  test("the re-ranked score stays in 0..1 and keeps the fused order among equals", ({ expect }) => {
    expect(rerankedScore(1, 1)).toBe(1);
    expect(rerankedScore(0, 0)).toBe(0);
    expect(rerankedScore(0.5, 0.9)).toBeGreaterThan(rerankedScore(0.5, 0.8));
  });
});
