import { describe, test, vi } from "vitest";
import type { Engine } from "../../engine.ts";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";
import { List } from "../../values/list.ts";

function putList(engine: Engine, key: string): void {
  engine.databases[0]?.set(key, new List(["x"]));
}

describe("GETSET", () => {
  test("sets the value and returns the previous one", ({ expect }) => {
    const effects: unknown[] = [];
    const { run, engine } = createTestEngine({ onEffects: (batch) => effects.push(...batch) });
    const spy = vi.spyOn(engine, "notifyKeyspaceEvent");
    expect(run("GETSET", "k", "a")).toEqual(r.nil);
    expect(run("GETSET", "k", "b")).toEqual(r.bulk("a"));
    expect(run("GET", "k")).toEqual(r.bulk("b"));
    expect(effects).toEqual([
      { db: 0, argv: ["SET", "k", "a"] },
      { db: 0, argv: ["SET", "k", "b"] },
    ]);
    expect(spy.mock.calls.map(([event]) => event.event)).toEqual(["set", "set"]);
  });

  test("clears the TTL", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("SET", "k", "a", "PX", "10");
    run("GETSET", "k", "b");
    clock.advance(10);
    expect(run("GET", "k")).toEqual(r.bulk("b"));
  });

  test("WRONGTYPE leaves the key", ({ expect }) => {
    const { run, engine } = createTestEngine();
    putList(engine, "l");
    expect(run("GETSET", "l", "x")).toEqual(r.err(ERR.WRONGTYPE));
    expect(run("GET", "l")).toEqual(r.err(ERR.WRONGTYPE));
  });
});
