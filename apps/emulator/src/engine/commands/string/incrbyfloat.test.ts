import { describe, test, vi } from "vitest";
import type { Engine } from "../../engine.ts";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";
import { List } from "../../values/list.ts";

function putList(engine: Engine, key: string): void {
  engine.databases[0]?.set(key, new List(["x"]));
}

describe("INCRBYFLOAT", () => {
  test("long double arithmetic, formatted as Redis stores it", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "k", "10.5");
    expect(run("INCRBYFLOAT", "k", "0.1")).toEqual(r.bulk("10.6"));
    run("SET", "e", "5.0e3");
    expect(run("INCRBYFLOAT", "e", "0")).toEqual(r.bulk("5000"));
    expect(run("INCRBYFLOAT", "n", "0.1")).toEqual(r.bulk("0.1"));
    expect(run("INCRBYFLOAT", "n", "0.2")).toEqual(r.bulk("0.3"));
    expect(run("GET", "n")).toEqual(r.bulk("0.3"));
    expect(run("INCRBYFLOAT", "i", "3")).toEqual(r.bulk("3"));
    expect(run("INCRBY", "i", "1")).toEqual(r.int(4));
  });

  test("keeps the TTL and logs SET … KEEPTTL with the result", ({ expect }) => {
    const effects: unknown[] = [];
    const { run, clock, engine } = createTestEngine({
      onEffects: (batch) => effects.push(...batch),
    });
    const spy = vi.spyOn(engine, "notifyKeyspaceEvent");
    run("SET", "k", "1", "PX", "100");
    effects.length = 0;
    run("INCRBYFLOAT", "k", "1.5");
    expect(effects).toEqual([{ db: 0, argv: ["SET", "k", "2.5", "KEEPTTL"] }]);
    expect(spy.mock.calls.at(-1)?.[0].event).toBe("incrbyfloat");
    clock.advance(100);
    expect(run("GET", "k")).toEqual(r.nil);
  });

  test.for([
    [["INCRBYFLOAT", "k", "abc"], ERR.NOT_FLOAT],
    [["INCRBYFLOAT", "k", "nan"], ERR.NOT_FLOAT],
    [["INCRBYFLOAT", "k", " 1"], ERR.NOT_FLOAT],
    [["INCRBYFLOAT", "k", "inf"], ERR.INCR_NAN_OR_INFINITY],
    [["INCRBYFLOAT", "s", "1"], ERR.NOT_FLOAT],
    // The key's type is checked before the increment is parsed.
    [["INCRBYFLOAT", "l", "abc"], ERR.WRONGTYPE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run, engine } = createTestEngine();
    run("SET", "s", "x1");
    putList(engine, "l");
    expect(run(...argv)).toEqual(r.err(error));
    expect(run("GET", "k")).toEqual(r.nil);
  });
});
