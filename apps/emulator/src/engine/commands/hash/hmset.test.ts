import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("HMSET", () => {
  test("sets the fields and answers OK", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("HMSET", "h", "a", "1", "b", "2")).toEqual(r.ok);
    expect(run("HMSET", "h", "a", "3")).toEqual(r.ok);
    expect(run("HGETALL", "h")).toEqual(r.bulks("a", "3", "b", "2"));
  });

  test("WRONGTYPE on a string", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run("HMSET", "s", "a", "1")).toEqual(r.err(ERR.WRONGTYPE));
  });

  test.for([[["HMSET", "h", "a", "1", "b"], ERR.WRONG_ARITY("hmset")]] as const)(
    "%j → %s",
    ([argv, error], { expect }) => {
      const { run } = createTestEngine();
      expect(run(...argv)).toEqual(r.err(error));
    },
  );
});
