import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("LLEN", () => {
  test("the length, 0 when missing or expired", ({ expect }) => {
    const { run, clock, engine } = createTestEngine();
    expect(run("LLEN", "k")).toEqual(r.int(0));
    run("RPUSH", "k", "a", "b");
    expect(run("LLEN", "k")).toEqual(r.int(2));
    engine.databases[0]?.setExpiresAt("k", clock.now() + 10);
    clock.advance(10);
    expect(run("LLEN", "k")).toEqual(r.int(0));
  });

  test("wrong type", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run("LLEN", "s")).toEqual(r.err(ERR.WRONGTYPE));
  });
});
