import { describe, test, vi } from "vitest";
import { MAX_BINARY_LENGTH } from "../../bytes.ts";
import type { Engine } from "../../engine.ts";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";
import { List } from "../../values/list.ts";

function putList(engine: Engine, key: string): void {
  engine.databases[0]?.set(key, new List(["x"]));
}

describe("BITFIELD", () => {
  // One session against redis-server 7.0, replayed.
  test("SET, INCRBY, GET and OVERFLOW as Redis answers them", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("BITFIELD", "bf", "SET", "i8", "0", "100")).toEqual(r.arr(r.int(0)));
    expect(run("BITFIELD", "bf", "INCRBY", "i8", "0", "100")).toEqual(r.arr(r.int(-56)));
    expect(
      run(
        "BITFIELD",
        "bf",
        "OVERFLOW",
        "SAT",
        "INCRBY",
        "i8",
        "0",
        "100",
        "overflow",
        "fail",
        "incrby",
        "i8",
        "0",
        "1",
        "GET",
        "u8",
        "0",
      ),
    ).toEqual(r.arr(r.int(44), r.int(45), r.int(45)));
    expect(run("BITFIELD", "bf", "SET", "u8", "#1", "-1")).toEqual(r.arr(r.int(0)));
    expect(
      run("BITFIELD", "bf", "OVERFLOW", "SAT", "SET", "u8", "#2", "-5", "GET", "u16", "8"),
    ).toEqual(r.arr(r.int(0), r.int(65535)));
    expect(
      run("BITFIELD", "bf", "OVERFLOW", "WRAP", "SET", "u8", "#3", "300", "GET", "u8", "24"),
    ).toEqual(r.arr(r.int(0), r.int(44)));
    expect(run("BITFIELD", "bf", "GET", "i64", "0", "GET", "u63", "1", "GET", "i5", "100")).toEqual(
      r.arr(r.int(3314648415211618304n), r.int(3314648415211618304n), r.int(0)),
    );
    expect(
      run("BITFIELD", "bf", "SET", "i64", "0", "-9223372036854775808", "INCRBY", "i64", "0", "-1"),
    ).toEqual(r.arr(r.int(3314648415211618304n), r.int(9223372036854775807n)));
    expect(
      run(
        "BITFIELD",
        "bf",
        "OVERFLOW",
        "SAT",
        "INCRBY",
        "i64",
        "0",
        "-1",
        "INCRBY",
        "u2",
        "100",
        "3",
        "INCRBY",
        "u2",
        "100",
        "1",
        "OVERFLOW",
        "FAIL",
        "INCRBY",
        "u2",
        "100",
        "1",
      ),
    ).toEqual(r.arr(r.int(9223372036854775806n), r.int(3), r.int(3), r.nil));
    expect(run("STRLEN", "bf")).toEqual(r.int(13));
    expect(run("BITFIELD_RO", "bf", "GET", "u8", "0", "GET", "i8", "#1")).toEqual(
      r.arr(r.int(127), r.int(-1)),
    );
  });

  test("no subcommands and GETs on a missing key read zeros without creating it", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("BITFIELD", "k")).toEqual(r.arr());
    expect(run("BITFIELD", "k", "GET", "u8", "0", "OVERFLOW", "FAIL")).toEqual(r.arr(r.int(0)));
    expect(run("GET", "k")).toEqual(r.nil);
  });

  test("writes grow the string, keep the TTL, and publish `setbit` once", ({ expect }) => {
    const effects: unknown[] = [];
    const { run, engine, clock } = createTestEngine({
      onEffects: (batch) => effects.push(...batch),
    });
    run("SET", "k", "\u00ff", "PX", "10");
    effects.length = 0;
    const spy = vi.spyOn(engine, "notifyKeyspaceEvent");
    const dirty = engine.stats.dirty;
    expect(run("BITFIELD", "k", "SET", "u4", "16", "15", "SET", "u4", "0", "0")).toEqual(
      r.arr(r.int(0), r.int(15)),
    );
    expect(run("GET", "k")).toEqual(r.bulk("\u000f\u0000\u00f0"));
    expect(spy.mock.calls.map(([event]) => event.event)).toEqual(["setbit"]);
    expect(engine.stats.dirty - dirty).toBe(2);
    expect(effects).toHaveLength(1);
    clock.advance(10);
    expect(run("GET", "k")).toEqual(r.nil);
  });

  test("rewriting a field with its own value changes nothing", ({ expect }) => {
    const effects: unknown[] = [];
    const { run } = createTestEngine({ onEffects: (batch) => effects.push(...batch) });
    run("SET", "k", "\u0005");
    effects.length = 0;
    expect(run("BITFIELD", "k", "SET", "u8", "0", "5")).toEqual(r.arr(r.int(5)));
    expect(effects).toEqual([]);
  });

  test("OVERFLOW FAIL on a missing key still creates it, silently (as Redis does)", ({
    expect,
  }) => {
    const effects: unknown[] = [];
    const { run } = createTestEngine({ onEffects: (batch) => effects.push(...batch) });
    expect(run("BITFIELD", "k", "OVERFLOW", "FAIL", "INCRBY", "u2", "0", "5")).toEqual(
      r.arr(r.nil),
    );
    expect(run("GET", "k")).toEqual(r.bulk("\u0000"));
    expect(effects).toEqual([]);
  });

  test.for([
    [["k", "GET", "i65", "0"], ERR.BITFIELD_TYPE],
    [["k", "GET", "u64", "0"], ERR.BITFIELD_TYPE],
    [["k", "GET", "x8", "0"], ERR.BITFIELD_TYPE],
    [["k", "GET", "I8", "0"], ERR.BITFIELD_TYPE],
    [["k", "GET", "u0", "0"], ERR.BITFIELD_TYPE],
    [["k", "GET", "i08", "0"], ERR.BITFIELD_TYPE],
    [["k", "GET", "i8", "-1"], ERR.BIT_OFFSET],
    [["k", "GET", "i8", "#-1"], ERR.BIT_OFFSET],
    [["k", "GET", "i8", "#"], ERR.BIT_OFFSET],
    [["k", "GET", "i8", "4294967296"], ERR.BIT_OFFSET],
    [["k", "OVERFLOW", "foo"], ERR.BITFIELD_OVERFLOW_TYPE],
    [["k", "OVERFLOW"], ERR.SYNTAX],
    [["k", "FOO"], ERR.SYNTAX],
    [["k", "GET", "i8"], ERR.SYNTAX],
    [["k", "INCRBY", "i8", "0"], ERR.SYNTAX],
    [["k", "SET", "i8", "0", "a"], ERR.NOT_INTEGER],
    [["l", "GET", "i8", "0"], ERR.WRONGTYPE],
    [["l", "SET", "i8", "0", "1"], ERR.WRONGTYPE],
    // Every subcommand is parsed before the key is looked up.
    [["l", "GET", "i8", "0", "FOO"], ERR.SYNTAX],
  ] as const)("%j → %s", ([args, error], { expect }) => {
    const { run, engine } = createTestEngine();
    putList(engine, "l");
    expect(run("BITFIELD", ...args)).toEqual(r.err(error));
    expect(run("GET", "k")).toEqual(r.nil);
  });

  test("a write past the engine's limit is refused, within proto-max-bulk-len", ({ expect }) => {
    const { run, engine } = createTestEngine();
    putList(engine, "l");
    run("SET", "k", "v");
    // redis-server answers [0] each time, growing the string to 512 MiB (and 8 bytes for u63).
    for (const args of [
      ["bf", "SET", "u63", "4294967295", "1"],
      ["bf", "INCRBY", "i8", "4294967288", "1"],
      ["bf", "OVERFLOW", "FAIL", "INCRBY", "u1", "4294967295", "2"],
      ["bf", "GET", "u8", "0", "SET", "u8", String(MAX_BINARY_LENGTH * 8), "1"],
      ["k", "SET", "u63", "4294967295", "1"],
    ]) {
      expect(run("BITFIELD", ...args)).toEqual(r.err(ERR.STRING_OVER_ENGINE_LIMIT));
    }
    // The key's type is checked first, as Redis does before growing the string.
    expect(run("BITFIELD", "l", "SET", "u63", "4294967295", "1")).toEqual(r.err(ERR.WRONGTYPE));
    expect(run("EXISTS", "bf")).toEqual(r.int(0));
    expect(run("GET", "k")).toEqual(r.bulk("v"));
    // Reads that far grow nothing.
    expect(run("BITFIELD", "bf", "GET", "u63", "4294967295")).toEqual(r.arr(r.int(0)));
    expect(run("BITFIELD_RO", "bf", "GET", "u63", "4294967295")).toEqual(r.arr(r.int(0)));
  });
});
