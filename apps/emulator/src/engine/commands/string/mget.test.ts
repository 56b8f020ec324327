import { describe, test } from "vitest";
import type { Engine } from "../../engine.ts";
import { createTestEngine, r } from "../../test-support.ts";
import { List } from "../../values/list.ts";

function putList(engine: Engine, key: string): void {
  engine.databases[0]?.set(key, new List(["x"]));
}

describe("MGET", () => {
  test("nil for missing keys and, unlike GET, for other types", ({ expect }) => {
    const { run, engine, clock } = createTestEngine();
    run("SET", "a", "1");
    run("SET", "b", "2");
    run("SET", "x", "3", "PX", "5");
    putList(engine, "l");
    clock.advance(5);
    expect(run("MGET", "a", "missing", "b", "l", "x", "a")).toEqual(
      r.arr(r.bulk("1"), r.nil, r.bulk("2"), r.nil, r.nil, r.bulk("1")),
    );
  });
});
