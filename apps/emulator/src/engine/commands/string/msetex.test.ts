import { describe, test, vi } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";
import { keyPositions } from "../dispatch.ts";

describe("MSETEX", () => {
  test("sets every key with a shared expiry; EX/PX are logged as PXAT", ({ expect }) => {
    const effects: unknown[] = [];
    const { run, clock, engine } = createTestEngine({
      onEffects: (batch) => effects.push(...batch),
    });
    const spy = vi.spyOn(engine, "notifyKeyspaceEvent");
    expect(run("MSETEX", "2", "a", "1", "b", "2", "EX", "10")).toEqual(r.int(1));
    expect(effects).toEqual([
      { db: 0, argv: ["MSETEX", "2", "a", "1", "b", "2", "PXAT", String(clock.now() + 10_000)] },
    ]);
    expect(spy.mock.calls.map(([event]) => `${event.event}:${event.key}`)).toEqual([
      "expire:a",
      "set:a",
      "expire:b",
      "set:b",
    ]);
    clock.advance(9999);
    expect(run("MGET", "a", "b")).toEqual(r.bulks("1", "2"));
    clock.advance(1);
    expect(run("MGET", "a", "b")).toEqual(r.arr(r.nil, r.nil));
  });

  test("PX, EXAT and PXAT; absolute times are logged as given", ({ expect }) => {
    const effects: unknown[] = [];
    const { run, clock } = createTestEngine({ onEffects: (batch) => effects.push(...batch) });
    const seconds = String(Math.floor(clock.now() / 1000) + 5);
    run("MSETEX", "1", "px", "v", "px", "100");
    run("MSETEX", "1", "exat", "v", "EXAT", seconds);
    run("MSETEX", "1", "pxat", "v", "PXAT", String(clock.now() + 200));
    expect(effects.slice(1)).toEqual([
      { db: 0, argv: ["MSETEX", "1", "exat", "v", "EXAT", seconds] },
      { db: 0, argv: ["MSETEX", "1", "pxat", "v", "PXAT", String(clock.now() + 200)] },
    ]);
    clock.advance(100);
    expect(run("MGET", "px", "pxat")).toEqual(r.arr(r.nil, r.bulk("v")));
    clock.advance(100);
    expect(run("GET", "pxat")).toEqual(r.nil);
  });

  test("without an expiry TTLs are cleared; KEEPTTL keeps them", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("SET", "a", "old", "PX", "10");
    run("SET", "b", "old", "PX", "10");
    run("MSETEX", "1", "a", "new");
    run("MSETEX", "1", "b", "new", "KEEPTTL");
    clock.advance(10);
    expect(run("MGET", "a", "b")).toEqual(r.arr(r.bulk("new"), r.nil));
  });

  test("NX and XX apply to all keys: one failing key sets nothing", ({ expect }) => {
    const effects: unknown[] = [];
    const { run } = createTestEngine({ onEffects: (batch) => effects.push(...batch) });
    run("SET", "a", "1");
    effects.length = 0;
    expect(run("MSETEX", "2", "a", "x", "b", "y", "NX", "EX", "10")).toEqual(r.int(0));
    expect(run("MSETEX", "2", "a", "x", "b", "y", "XX")).toEqual(r.int(0));
    expect(effects).toEqual([]);
    expect(run("MSETEX", "1", "b", "y", "nx")).toEqual(r.int(1));
    expect(run("MSETEX", "2", "a", "x", "b", "z", "XX")).toEqual(r.int(1));
    expect(run("MGET", "a", "b")).toEqual(r.bulks("x", "z"));
  });

  test("keys follow numkeys", ({ expect }) => {
    const { engine } = createTestEngine();
    const command = engine.commands.get("MSETEX");
    if (command === undefined) {
      throw new Error("MSETEX is not registered");
    }
    expect(keyPositions(command, ["MSETEX", "2", "a", "1", "b", "2", "EX", "1"])).toEqual([2, 4]);
    expect(keyPositions(command, ["MSETEX", "x", "a", "1"])).toEqual([]);
  });

  test.for([
    [["MSETEX", "0", "a", "1"], ERR.INVALID_NUMKEYS],
    [["MSETEX", "-1", "a", "1"], ERR.INVALID_NUMKEYS],
    [["MSETEX", "x", "a", "1"], ERR.INVALID_NUMKEYS],
    [["MSETEX", "2147483648", "a", "1"], ERR.INVALID_NUMKEYS],
    [["MSETEX", "2", "a", "1", "b"], ERR.KEY_VALUE_PAIRS],
    [["MSETEX", "1", "a", "1", "FOO"], ERR.SYNTAX],
    [["MSETEX", "1", "a", "1", "NX", "XX"], ERR.SYNTAX],
    [["MSETEX", "1", "a", "1", "EX", "1", "PX", "1"], ERR.SYNTAX],
    [["MSETEX", "1", "a", "1", "KEEPTTL", "EX", "1"], ERR.SYNTAX],
    [["MSETEX", "1", "a", "1", "GET"], ERR.SYNTAX],
    [["MSETEX", "1", "a", "1", "EX"], ERR.SYNTAX],
    [["MSETEX", "1", "a", "1", "EX", "x"], ERR.NOT_INTEGER],
    [["MSETEX", "1", "a", "1", "EX", "0"], ERR.INVALID_EXPIRE("msetex")],
    [["MSETEX", "1", "a", "1", "PXAT", "-5"], ERR.INVALID_EXPIRE("msetex")],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    expect(run(...argv)).toEqual(r.err(error));
    expect(run("GET", "a")).toEqual(r.nil);
  });
});
