import { describe, test } from "vitest";
import type { Engine } from "../../engine.ts";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";
import { List } from "../../values/list.ts";

function putList(engine: Engine, key: string): void {
  engine.databases[0]?.set(key, new List(["x"]));
}

describe("GET", () => {
  test("the value, nil when missing or expired, WRONGTYPE for other types", ({ expect }) => {
    const { run, engine, clock } = createTestEngine();
    run("SET", "k", "v", "PX", "10");
    expect(run("GET", "k")).toEqual(r.bulk("v"));
    clock.advance(10);
    expect(run("GET", "k")).toEqual(r.nil);
    putList(engine, "l");
    expect(run("GET", "l")).toEqual(r.err(ERR.WRONGTYPE));
  });
});
