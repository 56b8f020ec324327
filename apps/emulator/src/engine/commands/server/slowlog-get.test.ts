import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("SLOWLOG GET", () => {
  test("empty, whatever the count", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("SLOWLOG", "GET")).toEqual(r.arr());
    expect(run("SLOWLOG", "GET", "-1")).toEqual(r.arr());
    expect(run("SLOWLOG", "GET", "-2")).toEqual(r.err(ERR.SLOWLOG_COUNT));
    expect(run("SLOWLOG", "GET", "abc")).toEqual(r.err(ERR.SLOWLOG_COUNT));
  });
});
