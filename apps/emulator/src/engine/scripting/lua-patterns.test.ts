import { describe, test } from "vitest";
import { MatchState, PatternError, STEPS_PER_TICK } from "./lua-patterns.ts";

/** Subject and pattern in one array, as they lie in the wasm heap (each ends with a NUL). */
function layout(subject: string, pattern: string): { bytes: Uint8Array; pattern: number } {
  const bytes = Buffer.from(`${subject}\0${pattern}\0`, "latin1");
  return { bytes: new Uint8Array(bytes), pattern: subject.length + 1 };
}

/** The end of an anchored match at the subject's start, or -1. */
function matchAt(subject: string, pattern: string, onTick: () => void = () => {}): number {
  const { bytes, pattern: p } = layout(subject, pattern);
  const state = new MatchState({ bytes, subject: { start: 0, end: subject.length }, onTick });
  return state.match(0, p);
}

describe("MatchState", () => {
  test.for([
    ["hello", "h%a+", 5],
    ["hello", "h.-l", 3],
    ["hello", "x", -1],
    ["(a(b))c", "%b()", 6],
    ["abab", "(ab)%1", 4],
    ["ab", "a$", -1],
    ["a$", "a$", -1],
    ["key:1", "%a+:%d$", 5],
    // The pattern ends at its first NUL, as a C string does.
    ["ab", "a\0x", 1],
  ] as const)("%j matched by %j ends at %i", ([subject, pattern, end], { expect }) => {
    expect(matchAt(subject, pattern)).toBe(end);
  });

  test.for([
    ["a", "%", "malformed pattern (ends with '%')"],
    ["a", "[a", "malformed pattern (missing ']')"],
    ["a", "a)", "invalid pattern capture"],
    ["a", "%1", "invalid capture index"],
    ["a", "%fa", "missing '[' after '%f' in pattern"],
    ["a", "%b", "unbalanced pattern"],
    ["a".repeat(40), "(a)".repeat(33), "too many captures"],
    ["a".repeat(300), "a?".repeat(250), "pattern too complex"],
  ] as const)("%j against %j fails: %s", ([subject, pattern, message], { expect }) => {
    expect(() => matchAt(subject, pattern)).toThrow(new PatternError(message));
  });

  test("a backtracking match calls onTick as it goes, and stops when it throws", ({ expect }) => {
    // 18 nested `a*` before a 'b' that never comes: ~10^10 steps for the C matcher.
    let ticks = 0;
    const stop = new Error("stop");
    const onTick = (): void => {
      ticks++;
      if (ticks === 3) {
        throw stop;
      }
    };
    expect(() => matchAt("a".repeat(18), `${"a*".repeat(18)}b`, onTick)).toThrow(stop);
    expect(ticks).toBe(3);
  });

  test("scanning a long repetition counts each character", ({ expect }) => {
    let ticks = 0;
    expect(matchAt("a".repeat(4 * STEPS_PER_TICK), "a*", () => ticks++)).toBe(4 * STEPS_PER_TICK);
    expect(ticks).toBeGreaterThanOrEqual(4);
  });
});
