import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("ZCARD", () => {
  test("counts members; 0 when missing or expired", ({ expect }) => {
    const { run, clock, engine } = createTestEngine();
    expect(run("ZCARD", "z")).toEqual(r.int(0));
    run("ZADD", "z", "1", "a", "2", "b");
    expect(run("ZCARD", "z")).toEqual(r.int(2));
    engine.databases[0]?.setExpiresAt("z", clock.now() + 10);
    clock.advance(10);
    expect(run("ZCARD", "z")).toEqual(r.int(0));
  });

  test("wrong type", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run("ZCARD", "s")).toEqual(r.err(ERR.WRONGTYPE));
  });
});
