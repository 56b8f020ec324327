import { describe, test, vi } from "vitest";
import type { Engine } from "../../engine.ts";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";
import { List } from "../../values/list.ts";

function putList(engine: Engine, key: string): void {
  engine.databases[0]?.set(key, new List(["x"]));
}

/** Bytes from bit strings, e.g. `bits("10000000", "1")` is "\x80\x01". */
function bits(...bytes: string[]): string {
  return String.fromCharCode(...bytes.map((byte) => Number.parseInt(byte, 2)));
}

describe("BITOP", () => {
  test("AND, OR, XOR and NOT (Redis's examples); the result's length", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "a", "foobar");
    run("SET", "b", "abcdef");
    expect(run("BITOP", "AND", "d", "a", "b")).toEqual(r.int(6));
    expect(run("GET", "d")).toEqual(r.bulk("`bc`ab"));
    expect(run("BITOP", "or", "d", "a", "b")).toEqual(r.int(6));
    expect(run("GET", "d")).toEqual(r.bulk("goofev"));
    expect(run("BITOP", "XOR", "d", "a", "b")).toEqual(r.int(6));
    expect(run("GET", "d")).toEqual(r.bulk("\u0007\r\f\u0006\u0004\u0014"));
    expect(run("BITOP", "NOT", "d", "a")).toEqual(r.int(6));
    expect(run("GET", "d")).toEqual(r.bulk("\u0099\u0090\u0090\u009d\u009e\u008d"));
  });

  test("shorter and missing sources are zero-padded", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "a", bits("11111111", "11111111", "11111111"));
    run("SET", "b", bits("10101010"));
    expect(run("BITOP", "AND", "d", "a", "b", "missing")).toEqual(r.int(3));
    expect(run("GET", "d")).toEqual(r.bulk(bits("0", "0", "0")));
    expect(run("BITOP", "OR", "d", "b", "missing")).toEqual(r.int(1));
    expect(run("GET", "d")).toEqual(r.bulk(bits("10101010")));
    // Long enough for the word-at-a-time path, with a ragged tail.
    run("SET", "x", "\u00f0".repeat(1003));
    run("SET", "y", "\u00ff".repeat(1001));
    expect(run("BITOP", "XOR", "d", "x", "y")).toEqual(r.int(1003));
    expect(run("GET", "d")).toEqual(r.bulk(`${"\u000f".repeat(1001)}\u00f0\u00f0`));
  });

  test("DIFF, DIFF1, ANDOR and ONE (Redis 8.2)", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "x", bits("11110000"));
    run("SET", "a", bits("11001100"));
    run("SET", "b", bits("10101010"));
    const result = (...argv: string[]) => {
      run("BITOP", ...argv);
      return run("GET", "d");
    };
    // X ∧ ¬(A ∨ B)
    expect(result("DIFF", "d", "x", "a", "b")).toEqual(r.bulk(bits("00010000")));
    // ¬X ∧ (A ∨ B)
    expect(result("DIFF1", "d", "x", "a", "b")).toEqual(r.bulk(bits("00001110")));
    // X ∧ (A ∨ B)
    expect(result("ANDOR", "d", "x", "a", "b")).toEqual(r.bulk(bits("11100000")));
    // Bits set in exactly one source.
    expect(result("ONE", "d", "x", "a", "b")).toEqual(r.bulk(bits("00010110")));
    expect(result("one", "d", "x")).toEqual(r.bulk(bits("11110000")));
    // A missing first source is zeros.
    expect(result("DIFF1", "d", "missing", "a")).toEqual(r.bulk(bits("11001100")));
    run("SET", "w", "\u00ff".repeat(100));
    run("SET", "v", "\u000f".repeat(100));
    run("SET", "u", "\u003c".repeat(100));
    expect(result("ONE", "d", "w", "v", "u")).toEqual(r.bulk("\u00c0".repeat(100)));
    expect(result("DIFF", "d", "w", "v", "u")).toEqual(r.bulk("\u00c0".repeat(100)));
  });

  test("stores over any type and clears the TTL; an empty result deletes", ({ expect }) => {
    const { run, engine, clock } = createTestEngine();
    run("SET", "a", "x");
    putList(engine, "d");
    const spy = vi.spyOn(engine, "notifyKeyspaceEvent");
    expect(run("BITOP", "OR", "d", "a")).toEqual(r.int(1));
    expect(run("GET", "d")).toEqual(r.bulk("x"));
    run("SET", "t", "y", "PX", "10");
    run("BITOP", "AND", "t", "a", "a");
    clock.advance(10);
    expect(run("GET", "t")).toEqual(r.bulk("x"));
    expect(run("BITOP", "AND", "d", "missing", "missing2")).toEqual(r.int(0));
    expect(run("GET", "d")).toEqual(r.nil);
    expect(run("BITOP", "XOR", "d", "missing")).toEqual(r.int(0));
    expect(spy.mock.calls.map(([event]) => `${event.event}:${event.key}`)).toEqual([
      "set:d",
      "set:t",
      "expire:t",
      "set:t",
      "del:d",
    ]);
  });

  test.for([
    [["BITOP", "FOO", "d", "a"], ERR.SYNTAX],
    [["BITOP", "NOT", "d", "a", "a"], ERR.BITOP_NOT_ONE_KEY],
    [["BITOP", "diff", "d", "a"], ERR.BITOP_TWO_KEYS("DIFF")],
    [["BITOP", "DIFF1", "d", "a"], ERR.BITOP_TWO_KEYS("DIFF1")],
    [["BITOP", "AndOr", "d", "a"], ERR.BITOP_TWO_KEYS("ANDOR")],
    [["BITOP", "AND", "d", "a", "l"], ERR.WRONGTYPE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run, engine } = createTestEngine();
    run("SET", "a", "x");
    putList(engine, "l");
    expect(run(...argv)).toEqual(r.err(error));
    expect(run("GET", "d")).toEqual(r.nil);
  });
});
