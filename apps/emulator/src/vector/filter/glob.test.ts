import { describe, test } from "vitest";
import { compileGlob } from "./glob.ts";

const matches = (pattern: string, text: string): boolean => compileGlob(pattern)(text);

describe("compileGlob", () => {
  test("* and ? over the whole string, case-sensitive", ({ expect }) => {
    expect(matches("A*", "Asia")).toBe(true);
    expect(matches("A*", "asia")).toBe(false);
    expect(matches("*sia", "Asia")).toBe(true);
    expect(matches("*", "")).toBe(true);
    expect(matches("a*b*c", "a-b-b-c")).toBe(true);
    expect(matches("a*b*c", "a-b-b-cd")).toBe(false);
    expect(matches("?", "")).toBe(false);
    expect(matches("??", "ab")).toBe(true);
    expect(matches("??", "abc")).toBe(false);
    expect(matches("as", "Asia")).toBe(false);
    expect(matches("Asia", "Asia")).toBe(true);
  });

  test("sets, ranges and their negation with ^ or !", ({ expect }) => {
    expect(matches("[abc]x", "bx")).toBe(true);
    expect(matches("[abc]x", "dx")).toBe(false);
    expect(matches("[a-c]*", "cat")).toBe(true);
    expect(matches("[a-c]*", "dog")).toBe(false);
    expect(matches("[^a-c]*", "dog")).toBe(true);
    expect(matches("[!a-c]*", "cat")).toBe(false);
    expect(matches("[^abc]", "a")).toBe(false);
    // `]` first in a set is literal; `-` at an end is literal.
    expect(matches("[]a]", "]")).toBe(true);
    expect(matches("[a-]", "-")).toBe(true);
  });

  test("escapes and an unclosed [ are literal", ({ expect }) => {
    expect(matches("a\\*", "a*")).toBe(true);
    expect(matches("a\\*", "ab")).toBe(false);
    expect(matches("[ab", "[ab")).toBe(true);
    expect(matches('*"quotes"*', 'Contains "quotes" here')).toBe(true);
  });

  test("code points, not UTF-16 units", ({ expect }) => {
    expect(matches("?", "😀")).toBe(true);
    expect(matches("caf?", "café")).toBe(true);
  });

  test("a hostile pattern stays fast", ({ expect }) => {
    const text = "a".repeat(5000);
    const started = performance.now();
    expect(matches(`${"*a".repeat(50)}b`, text)).toBe(false);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
