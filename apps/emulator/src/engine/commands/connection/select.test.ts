import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("SELECT", () => {
  test("switches the session's database", ({ expect }) => {
    const { run, session } = createTestEngine();
    run("SET", "k", "zero");
    expect(run("SELECT", "5")).toEqual(r.ok);
    expect(session.dbIndex).toBe(5);
    expect(run("GET", "k")).toEqual(r.nil);
    run("SELECT", "0");
    expect(run("GET", "k")).toEqual(r.bulk("zero"));
  });

  test.for([
    [["SELECT", "abc"], ERR.NOT_INTEGER],
    [["SELECT", "16"], ERR.DB_INDEX_OUT_OF_RANGE],
    [["SELECT", "-1"], ERR.DB_INDEX_OUT_OF_RANGE],
    [["SELECT", "4294967296"], ERR.VALUE_NOT_BETWEEN("-2147483648", "2147483647")],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    expect(run(...argv)).toEqual(r.err(error));
  });
});
