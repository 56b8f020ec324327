import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("HEXISTS", () => {
  test("1 for a field, 0 for a missing field or key", ({ expect }) => {
    const { run } = createTestEngine();
    run("HSET", "h", "a", "1");
    expect(run("HEXISTS", "h", "a")).toEqual(r.int(1));
    expect(run("HEXISTS", "h", "b")).toEqual(r.int(0));
    expect(run("HEXISTS", "nokey", "a")).toEqual(r.int(0));
  });

  test("an expired field does not exist", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("HSET", "h", "a", "1", "b", "2");
    run("HEXPIRE", "h", "1", "FIELDS", "1", "a");
    clock.advance(1000);
    expect(run("HEXISTS", "h", "a")).toEqual(r.int(0));
    expect(run("HEXISTS", "h", "b")).toEqual(r.int(1));
  });

  test("WRONGTYPE on a string", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run("HEXISTS", "s", "a")).toEqual(r.err(ERR.WRONGTYPE));
  });
});
