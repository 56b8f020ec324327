import { describe, test } from "vitest";
import type { Engine } from "../../engine.ts";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";
import { List } from "../../values/list.ts";

function putList(engine: Engine, key: string): void {
  engine.databases[0]?.set(key, new List(["x"]));
}

describe("STRLEN", () => {
  test("the length in bytes; 0 for a missing key", ({ expect }) => {
    const { run, engine } = createTestEngine();
    run("SET", "k", "foozzz0123456789 baz");
    run("SET", "i", "-555");
    expect(run("STRLEN", "k")).toEqual(r.int(20));
    expect(run("STRLEN", "i")).toEqual(r.int(4));
    expect(run("STRLEN", "missing")).toEqual(r.int(0));
    putList(engine, "l");
    expect(run("STRLEN", "l")).toEqual(r.err(ERR.WRONGTYPE));
  });
});
