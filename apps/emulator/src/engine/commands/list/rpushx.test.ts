import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("RPUSHX", () => {
  test("appends only to an existing list", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("RPUSHX", "k", "a")).toEqual(r.int(0));
    expect(run("EXISTS", "k")).toEqual(r.int(0));
    run("RPUSH", "k", "a");
    expect(run("RPUSHX", "k", "b", "c")).toEqual(r.int(3));
    expect(run("LRANGE", "k", "0", "-1")).toEqual(r.bulks("a", "b", "c"));
  });

  test("wrong type", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run("RPUSHX", "s", "a")).toEqual(r.err(ERR.WRONGTYPE));
  });
});
