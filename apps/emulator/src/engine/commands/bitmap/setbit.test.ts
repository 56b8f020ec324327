import { describe, test, vi } from "vitest";
import { MAX_BINARY_LENGTH } from "../../bytes.ts";
import type { Engine } from "../../engine.ts";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";
import { List } from "../../values/list.ts";

function putList(engine: Engine, key: string): void {
  engine.databases[0]?.set(key, new List(["x"]));
}

describe("SETBIT", () => {
  // Cases of Redis's tests/unit/type/string.tcl.
  test("creates the key, zero-padded to the bit; returns the old bit", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("SETBIT", "k", "1", "1")).toEqual(r.int(0));
    expect(run("GET", "k")).toEqual(r.bulk("\u0040"));
    expect(run("SETBIT", "k", "1", "0")).toEqual(r.int(1));
    expect(run("SETBIT", "n", "17", "0")).toEqual(r.int(0));
    expect(run("GET", "n")).toEqual(r.bulk("\u0000\u0000\u0000"));
  });

  test('works on integer-looking strings ("1" is 00110001)', ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "k", "1");
    expect(run("SETBIT", "k", "6", "1")).toEqual(r.int(0));
    expect(run("GET", "k")).toEqual(r.bulk("3"));
    expect(run("SETBIT", "k", "2", "0")).toEqual(r.int(1));
    expect(run("GET", "k")).toEqual(r.bulk("\u0013"));
  });

  test("matches a bit-by-bit model", ({ expect }) => {
    const { run } = createTestEngine();
    const bits: number[] = [];
    let seed = 1;
    for (let i = 0; i < 500; i++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const offset = seed % 300;
      const bit = (seed >> 8) & 1;
      expect(run("SETBIT", "k", String(offset), String(bit))).toEqual(r.int(bits[offset] ?? 0));
      bits[offset] = bit;
    }
    for (let offset = 0; offset < 310; offset++) {
      expect(run("GETBIT", "k", String(offset))).toEqual(r.int(bits[offset] ?? 0));
    }
  });

  test("keeps the TTL; only a change is published and logged", ({ expect }) => {
    const effects: unknown[] = [];
    const { run, clock, engine } = createTestEngine({
      onEffects: (batch) => effects.push(...batch),
    });
    run("SET", "k", "\u0000", "PX", "10");
    effects.length = 0;
    const spy = vi.spyOn(engine, "notifyKeyspaceEvent");
    run("SETBIT", "k", "0", "0");
    expect(effects).toEqual([]);
    run("SETBIT", "k", "0", "1");
    // Growing the string is a change even when the new bit is 0.
    run("SETBIT", "k", "15", "0");
    expect(effects).toHaveLength(2);
    expect(spy.mock.calls.map(([event]) => [event.event, event.type])).toEqual([
      ["setbit", "$"],
      ["setbit", "$"],
    ]);
    clock.advance(10);
    expect(run("GET", "k")).toEqual(r.nil);
  });

  test.for([
    [["k", "-1", "1"], ERR.BIT_OFFSET],
    [["k", "4294967296", "1"], ERR.BIT_OFFSET],
    [["k", "abc", "1"], ERR.BIT_OFFSET],
    [["k", "0", "2"], ERR.BIT_VALUE],
    [["k", "0", "-1"], ERR.BIT_VALUE],
    [["k", "0", "a"], ERR.BIT_VALUE],
    [["l", "0", "1"], ERR.WRONGTYPE],
    [["l", "-1", "1"], ERR.BIT_OFFSET],
  ] as const)("%j → %s", ([args, error], { expect }) => {
    const { run, engine } = createTestEngine();
    putList(engine, "l");
    expect(run("SETBIT", ...args)).toEqual(r.err(error));
    expect(run("GET", "k")).toEqual(r.nil);
  });

  test("the offset limit follows proto-max-bulk-len", ({ expect }) => {
    const { run } = createTestEngine({ config: { "proto-max-bulk-len": "1mb" } });
    expect(run("SETBIT", "k", String(8 * 1024 * 1024), "1")).toEqual(r.err(ERR.BIT_OFFSET));
    expect(run("SETBIT", "k", String(8 * 1024 * 1024 - 1), "1")).toEqual(r.int(0));
    expect(run("STRLEN", "k")).toEqual(r.int(1024 * 1024));
  });

  test("a bit past the engine's limit is refused, within proto-max-bulk-len", ({ expect }) => {
    const { run, engine } = createTestEngine();
    putList(engine, "l");
    run("SET", "k", "v");
    // redis-server answers 0, growing the string to 512 MiB; the engine holds 536870888 bytes.
    expect(run("SETBIT", "n", "4294967295", "1")).toEqual(r.err(ERR.STRING_OVER_ENGINE_LIMIT));
    expect(run("SETBIT", "n", String(MAX_BINARY_LENGTH * 8), "0")).toEqual(
      r.err(ERR.STRING_OVER_ENGINE_LIMIT),
    );
    expect(run("SETBIT", "k", "4294967295", "0")).toEqual(r.err(ERR.STRING_OVER_ENGINE_LIMIT));
    // The key's type is checked first, as Redis does before growing the string.
    expect(run("SETBIT", "l", "4294967295", "1")).toEqual(r.err(ERR.WRONGTYPE));
    expect(run("EXISTS", "n")).toEqual(r.int(0));
    expect(run("GET", "k")).toEqual(r.bulk("v"));
    // Reading that far grows nothing.
    expect(run("GETBIT", "n", "4294967295")).toEqual(r.int(0));
  });
});
