import { describe, test } from "vitest";
import type { Engine } from "../../engine.ts";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

function encodingOf(engine: Engine, key: string): string | undefined {
  const value = engine.databases[0]?.get(key);
  return typeof value === "object" ? value.encoding() : undefined;
}

describe("SINTERSTORE", () => {
  test("stores the intersection and returns its size", ({ expect }) => {
    const { run } = createTestEngine();
    run("SADD", "a", "x", "y", "z");
    run("SADD", "b", "z", "y", "q");
    expect(run("SINTERSTORE", "dst", "a", "b")).toEqual(r.int(2));
    expect(run("SMEMBERS", "dst")).toEqual(r.bulks("y", "z"));
  });

  test("an all-integer result becomes an intset", ({ expect }) => {
    const { run, engine } = createTestEngine({ config: { "set-max-listpack-entries": "2" } });
    run("SADD", "a", "30", "x", "10", "20");
    run("SADD", "b", "20", "10", "30", "y");
    expect(encodingOf(engine, "a")).toBe("hashtable");
    expect(run("SINTERSTORE", "dst", "a", "b")).toEqual(r.int(3));
    expect(encodingOf(engine, "dst")).toBe("intset");
    expect(run("SMEMBERS", "dst")).toEqual(r.bulks("10", "20", "30"));
  });

  test("an empty result (or a missing key) deletes the destination", ({ expect }) => {
    const { run, engine } = createTestEngine();
    run("SADD", "dst", "old");
    run("SADD", "a", "x");
    expect(run("SINTERSTORE", "dst", "a", "nokey")).toEqual(r.int(0));
    expect(engine.databases[0]?.has("dst")).toBe(false);
  });

  test("WRONGTYPE if a source is not a set", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "str", "v");
    expect(run("SINTERSTORE", "dst", "nokey", "str")).toEqual(r.err(ERR.WRONGTYPE));
  });
});
