import { describe, test, vi } from "vitest";
import type { Engine } from "../../engine.ts";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";
import { List } from "../../values/list.ts";

function putList(engine: Engine, key: string): void {
  engine.databases[0]?.set(key, new List(["x"]));
}

describe("INCR, DECR, INCRBY, DECRBY", () => {
  test("start from 0 and store the new value", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("INCR", "k")).toEqual(r.int(1));
    expect(run("INCRBY", "k", "41")).toEqual(r.int(42));
    expect(run("DECR", "k")).toEqual(r.int(41));
    expect(run("DECRBY", "k", "50")).toEqual(r.int(-9));
    expect(run("DECRBY", "k", "-10")).toEqual(r.int(1));
    expect(run("GET", "k")).toEqual(r.bulk("1"));
    expect(run("DECR", "n")).toEqual(r.int(-1));
  });

  test("64-bit values beyond 2^53 are exact, overflow is refused", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "k", "9223372036854775806");
    expect(run("INCR", "k")).toEqual(r.int(9223372036854775807n));
    expect(run("INCR", "k")).toEqual(r.err(ERR.INCR_OVERFLOW));
    expect(run("GET", "k")).toEqual(r.bulk("9223372036854775807"));
    run("SET", "m", "-9223372036854775807");
    expect(run("DECR", "m")).toEqual(r.int(-9223372036854775808n));
    expect(run("DECRBY", "m", "1")).toEqual(r.err(ERR.INCR_OVERFLOW));
    expect(run("INCRBY", "m", "9223372036854775807")).toEqual(r.int(-1));
  });

  test("keep the TTL", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("SET", "k", "1", "PX", "100");
    run("INCR", "k");
    clock.advance(100);
    expect(run("GET", "k")).toEqual(r.nil);
  });

  test("publish `incrby` and log the command as is", ({ expect }) => {
    const effects: unknown[] = [];
    const { run, engine } = createTestEngine({ onEffects: (batch) => effects.push(...batch) });
    const spy = vi.spyOn(engine, "notifyKeyspaceEvent");
    run("INCR", "k");
    run("DECRBY", "k", "3");
    expect(spy.mock.calls.map(([event]) => event.event)).toEqual(["incrby", "incrby"]);
    expect(effects).toEqual([
      { db: 0, argv: ["INCR", "k"] },
      { db: 0, argv: ["DECRBY", "k", "3"] },
    ]);
  });

  test.for([
    [["INCRBY", "k", "a"], ERR.NOT_INTEGER],
    [["INCRBY", "k", "1.0"], ERR.NOT_INTEGER],
    [["INCRBY", "k", "9223372036854775808"], ERR.NOT_INTEGER],
    [["DECRBY", "k", "a"], ERR.NOT_INTEGER],
    [["DECRBY", "k", "-9223372036854775808"], ERR.DECREMENT_OVERFLOW],
    [["INCR", "s"], ERR.NOT_INTEGER],
    [["INCR", "sp"], ERR.NOT_INTEGER],
    [["DECR", "l"], ERR.WRONGTYPE],
    [["INCRBY", "l", "1"], ERR.WRONGTYPE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run, engine } = createTestEngine();
    run("SET", "s", "1.5");
    run("SET", "sp", " 1");
    putList(engine, "l");
    expect(run(...argv)).toEqual(r.err(error));
    expect(run("GET", "k")).toEqual(r.nil);
  });
});
