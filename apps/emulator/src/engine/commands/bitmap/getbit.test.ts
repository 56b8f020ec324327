import { describe, test } from "vitest";
import type { Engine } from "../../engine.ts";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";
import { List } from "../../values/list.ts";

function putList(engine: Engine, key: string): void {
  engine.databases[0]?.set(key, new List(["x"]));
}

describe("GETBIT", () => {
  test("reads bits; 0 past the end and for a missing key", ({ expect }) => {
    const { run, engine } = createTestEngine();
    run("SET", "k", "`");
    expect([0, 1, 2, 3, 8, 100, 10000].map((offset) => run("GETBIT", "k", String(offset)))).toEqual(
      [0, 1, 1, 0, 0, 0, 0].map((bit) => r.int(bit)),
    );
    expect(run("GETBIT", "missing", "0")).toEqual(r.int(0));
    putList(engine, "l");
    expect(run("GETBIT", "l", "0")).toEqual(r.err(ERR.WRONGTYPE));
    expect(run("GETBIT", "l", "-1")).toEqual(r.err(ERR.BIT_OFFSET));
  });
});
