import { describe, test, vi } from "vitest";
import type { Engine } from "../../engine.ts";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";
import { List } from "../../values/list.ts";

function putList(engine: Engine, key: string): void {
  engine.databases[0]?.set(key, new List(["x"]));
}

describe("GETDEL", () => {
  test("returns the value and deletes the key; nil when absent", ({ expect }) => {
    const effects: unknown[] = [];
    const { run, engine } = createTestEngine({ onEffects: (batch) => effects.push(...batch) });
    const spy = vi.spyOn(engine, "notifyKeyspaceEvent");
    run("SET", "k", "v");
    expect(run("GETDEL", "k")).toEqual(r.bulk("v"));
    expect(run("GETDEL", "k")).toEqual(r.nil);
    expect(run("GET", "k")).toEqual(r.nil);
    expect(spy.mock.calls.at(-1)?.[0]).toMatchObject({ event: "del", type: "g", key: "k" });
    expect(effects.at(-1)).toEqual({ db: 0, argv: ["DEL", "k"] });
  });

  test("an expired key is absent", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("SET", "k", "v", "PX", "10");
    clock.advance(10);
    expect(run("GETDEL", "k")).toEqual(r.nil);
  });

  test("WRONGTYPE leaves the key", ({ expect }) => {
    const { run, engine } = createTestEngine();
    putList(engine, "l");
    expect(run("GETDEL", "l")).toEqual(r.err(ERR.WRONGTYPE));
    expect(engine.databases[0]?.has("l")).toBe(true);
  });
});
