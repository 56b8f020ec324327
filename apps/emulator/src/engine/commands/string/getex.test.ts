import { describe, test, vi } from "vitest";
import type { Engine } from "../../engine.ts";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";
import { List } from "../../values/list.ts";

function putList(engine: Engine, key: string): void {
  engine.databases[0]?.set(key, new List(["x"]));
}

describe("GETEX", () => {
  test("without options it is GET and changes nothing", ({ expect }) => {
    const effects: unknown[] = [];
    const { run } = createTestEngine({ onEffects: (batch) => effects.push(...batch) });
    expect(run("GETEX", "k")).toEqual(r.nil);
    run("SET", "k", "v", "PX", "100");
    effects.length = 0;
    expect(run("GETEX", "k")).toEqual(r.bulk("v"));
    expect(effects).toEqual([]);
  });

  test("EX, PX, EXAT and PXAT set the expiry, logged as PEXPIREAT", ({ expect }) => {
    const effects: unknown[] = [];
    const { run, clock, engine } = createTestEngine({
      onEffects: (batch) => effects.push(...batch),
    });
    const now = clock.now();
    for (const key of ["ex", "px", "exat", "pxat"]) {
      run("SET", key, "v");
    }
    const spy = vi.spyOn(engine, "notifyKeyspaceEvent");
    effects.length = 0;
    expect(run("GETEX", "ex", "ex", "10")).toEqual(r.bulk("v"));
    run("GETEX", "px", "PX", "1500");
    run("GETEX", "exat", "EXAT", String(Math.floor(now / 1000) + 20));
    run("GETEX", "pxat", "PXAT", String(now + 2500));
    expect(effects).toEqual([
      { db: 0, argv: ["PEXPIREAT", "ex", String(now + 10_000)] },
      { db: 0, argv: ["PEXPIREAT", "px", String(now + 1500)] },
      { db: 0, argv: ["PEXPIREAT", "exat", String((Math.floor(now / 1000) + 20) * 1000)] },
      { db: 0, argv: ["PEXPIREAT", "pxat", String(now + 2500)] },
    ]);
    expect(spy.mock.calls.map(([event]) => `${event.event}:${event.key}`)).toEqual([
      "expire:ex",
      "expire:px",
      "expire:exat",
      "expire:pxat",
    ]);
    clock.advance(1500);
    expect(run("GET", "px")).toEqual(r.nil);
    clock.advance(1000);
    expect(run("GET", "pxat")).toEqual(r.nil);
    expect(run("GET", "ex")).toEqual(r.bulk("v"));
    clock.advance(7500);
    expect(run("GET", "ex")).toEqual(r.nil);
  });

  test("an absolute time already past deletes the key, logged as DEL", ({ expect }) => {
    const effects: unknown[] = [];
    const { run, clock, engine } = createTestEngine({
      onEffects: (batch) => effects.push(...batch),
    });
    run("SET", "k", "v");
    effects.length = 0;
    const spy = vi.spyOn(engine, "notifyKeyspaceEvent");
    expect(run("GETEX", "k", "PXAT", String(clock.now()))).toEqual(r.bulk("v"));
    expect(run("GET", "k")).toEqual(r.nil);
    expect(effects).toEqual([{ db: 0, argv: ["DEL", "k"] }]);
    expect(spy.mock.calls[0]?.[0]).toMatchObject({ event: "del", type: "g" });
  });

  test("PERSIST removes the TTL, logged as PERSIST only when there was one", ({ expect }) => {
    const effects: unknown[] = [];
    const { run, clock } = createTestEngine({ onEffects: (batch) => effects.push(...batch) });
    run("SET", "k", "v", "PX", "100");
    effects.length = 0;
    expect(run("GETEX", "k", "persist")).toEqual(r.bulk("v"));
    expect(run("GETEX", "k", "PERSIST", "PERSIST")).toEqual(r.bulk("v"));
    expect(effects).toEqual([{ db: 0, argv: ["PERSIST", "k"] }]);
    clock.advance(200);
    expect(run("GET", "k")).toEqual(r.bulk("v"));
  });

  test("a repeated expiry option is allowed and the last wins", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("SET", "k", "v");
    run("GETEX", "k", "PX", "10", "PX", "20");
    clock.advance(10);
    expect(run("GET", "k")).toEqual(r.bulk("v"));
  });

  test("the expiry is only validated for an existing string", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("GETEX", "missing", "EX", "abc")).toEqual(r.nil);
    expect(run("GETEX", "missing", "FOO")).toEqual(r.err(ERR.SYNTAX));
  });

  test.for([
    [["GETEX", "k", "FOO"], ERR.SYNTAX],
    [["GETEX", "k", "EX"], ERR.SYNTAX],
    [["GETEX", "k", "PERSIST", "EX", "1"], ERR.SYNTAX],
    [["GETEX", "k", "EX", "1", "PX", "1"], ERR.SYNTAX],
    [["GETEX", "k", "KEEPTTL"], ERR.SYNTAX],
    [["GETEX", "k", "NX"], ERR.SYNTAX],
    [["GETEX", "k", "EX", "a"], ERR.NOT_INTEGER],
    [["GETEX", "k", "EX", "0"], ERR.INVALID_EXPIRE("getex")],
    [["GETEX", "k", "PX", "-1"], ERR.INVALID_EXPIRE("getex")],
    [["GETEX", "k", "EX", "9223372036854775807"], ERR.INVALID_EXPIRE("getex")],
    [["GETEX", "l"], ERR.WRONGTYPE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run, engine } = createTestEngine();
    run("SET", "k", "v");
    putList(engine, "l");
    expect(run(...argv)).toEqual(r.err(error));
    expect(engine.databases[0]?.expiresAt("k")).toBeUndefined();
  });
});
