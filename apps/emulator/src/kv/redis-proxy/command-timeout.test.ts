import { describe, test } from "vitest";
import { blockingAllowanceMs } from "./command-timeout.ts";

const FOREVER = Number.POSITIVE_INFINITY;

describe("blockingAllowanceMs", () => {
  test.for([
    // Timeouts in seconds, last argument (Redis 6+ takes fractions)
    [["BLPOP", "a", "b", "1.5"], 1500],
    [["brpop", "a", "2"], 2000],
    [["BRPOPLPUSH", "a", "b", "0.25"], 250],
    [["BLMOVE", "a", "b", "LEFT", "RIGHT", "3"], 3000],
    [["BZPOPMIN", "z", "1"], 1000],
    [["BZPOPMAX", "z", "0"], FOREVER],
    // Timeouts in seconds, first argument
    [["BLMPOP", "0.5", "1", "a", "LEFT"], 500],
    [["BZMPOP", "0", "1", "z", "MIN"], FOREVER],
    // Milliseconds
    [["WAIT", "1", "700"], 700],
    [["WAITAOF", "1", "0", "0"], FOREVER],
    [["XREAD", "COUNT", "2", "BLOCK", "300", "STREAMS", "s", "$"], 300],
    [["XREADGROUP", "GROUP", "g", "c", "BLOCK", "0", "STREAMS", "s", ">"], FOREVER],
    // Not blocking: no BLOCK before STREAMS (a stream named BLOCK is a key)
    [["XREAD", "STREAMS", "BLOCK", "0"], 0],
    [["GET", "k"], 0],
    [["EVAL", "return 1", "0"], 0],
    // Timeouts Redis refuses at once: nothing to wait for
    [["BLPOP", "a", "-1"], 0],
    [["BLPOP", "a", "soon"], 0],
    [["BLPOP"], 0],
    [["WAIT", "1"], 0],
  ] as const)("%j → %d ms", ([argv, expected], { expect }) => {
    expect(blockingAllowanceMs(argv)).toBe(expected);
  });
});
