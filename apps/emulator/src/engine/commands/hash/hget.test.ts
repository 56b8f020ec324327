import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("HGET", () => {
  test("returns the value, nil for a missing field or key", ({ expect }) => {
    const { run } = createTestEngine();
    run("HSET", "h", "a", "1");
    expect(run("HGET", "h", "a")).toEqual(r.bulk("1"));
    expect(run("HGET", "h", "b")).toEqual(r.nil);
    expect(run("HGET", "nokey", "a")).toEqual(r.nil);
  });

  test("an expired field is gone, and the hash with its last field", ({ expect }) => {
    const { run, clock, engine } = createTestEngine();
    run("HSET", "h", "a", "1", "b", "2");
    run("HPEXPIRE", "h", "100", "FIELDS", "2", "a", "b");
    clock.advance(99);
    expect(run("HGET", "h", "a")).toEqual(r.bulk("1"));
    clock.advance(1);
    expect(run("HGET", "h", "a")).toEqual(r.nil);
    expect(engine.databases[0]?.has("h")).toBe(false);
  });

  test("WRONGTYPE on a string", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run("HGET", "s", "a")).toEqual(r.err(ERR.WRONGTYPE));
  });
});
