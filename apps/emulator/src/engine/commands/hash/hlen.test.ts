import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("HLEN", () => {
  test("counts the fields; 0 for a missing key", ({ expect }) => {
    const { run } = createTestEngine();
    run("HSET", "h", "a", "1", "b", "2");
    expect(run("HLEN", "h")).toEqual(r.int(2));
    expect(run("HLEN", "nokey")).toEqual(r.int(0));
  });

  test("expired fields do not count", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("HSET", "h", "a", "1", "b", "2", "c", "3");
    run("HPEXPIRE", "h", "10", "FIELDS", "2", "a", "b");
    clock.advance(10);
    expect(run("HLEN", "h")).toEqual(r.int(1));
  });

  test("WRONGTYPE on a string", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run("HLEN", "s")).toEqual(r.err(ERR.WRONGTYPE));
  });
});
