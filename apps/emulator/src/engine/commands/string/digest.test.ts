import { describe, test } from "vitest";
import type { Engine } from "../../engine.ts";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";
import { List } from "../../values/list.ts";

function putList(engine: Engine, key: string): void {
  engine.databases[0]?.set(key, new List(["x"]));
}

describe("DIGEST", () => {
  test("the XXH3 digest as 16 hex digits (Redis's documented values)", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "k", "Hello world");
    expect(run("DIGEST", "k")).toEqual(r.bulk("b6acb9d84a38ff74"));
    run("SET", "k", "hello");
    expect(run("DIGEST", "k")).toEqual(r.bulk("9555e8555c62dcfd"));
    // Integers hash as their decimal text; leading zeros of the hex are kept.
    run("SET", "k", "123");
    expect(run("DIGEST", "k")).toEqual(r.bulk("404a763b3f4c8c9a"));
    run("SET", "k", "v8");
    expect(run("DIGEST", "k")).toEqual(r.bulk("0cc76dbb41381419"));
  });

  test("nil for a missing key, WRONGTYPE for another type", ({ expect }) => {
    const { run, engine } = createTestEngine();
    putList(engine, "l");
    expect(run("DIGEST", "missing")).toEqual(r.nil);
    expect(run("DIGEST", "l")).toEqual(r.err(ERR.WRONGTYPE));
  });
});
