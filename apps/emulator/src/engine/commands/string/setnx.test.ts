import { describe, test } from "vitest";
import type { Engine } from "../../engine.ts";
import { createTestEngine, r } from "../../test-support.ts";
import { List } from "../../values/list.ts";

function putList(engine: Engine, key: string): void {
  engine.databases[0]?.set(key, new List(["x"]));
}

describe("SETNX", () => {
  test("sets only a missing key; 1 or 0", ({ expect }) => {
    const effects: unknown[] = [];
    const { run, engine, clock } = createTestEngine({
      onEffects: (batch) => effects.push(...batch),
    });
    expect(run("SETNX", "k", "a")).toEqual(r.int(1));
    expect(run("SETNX", "k", "b")).toEqual(r.int(0));
    expect(run("GET", "k")).toEqual(r.bulk("a"));
    // Any type counts as existing; an expired key does not.
    putList(engine, "l");
    expect(run("SETNX", "l", "x")).toEqual(r.int(0));
    run("SET", "e", "1", "PX", "5");
    clock.advance(5);
    expect(run("SETNX", "e", "2")).toEqual(r.int(1));
    expect(effects.slice(0, 2)).toEqual([{ db: 0, argv: ["SETNX", "k", "a"] }, expect.anything()]);
  });
});
