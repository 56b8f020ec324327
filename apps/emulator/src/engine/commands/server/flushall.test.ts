import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("FLUSHALL", () => {
  test("empties every database", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "a", "1");
    run("SELECT", "7");
    run("SET", "b", "2");
    expect(run("FLUSHALL", "ASYNC")).toEqual(r.ok);
    expect(run("DBSIZE")).toEqual(r.int(0));
    run("SELECT", "0");
    expect(run("DBSIZE")).toEqual(r.int(0));
    expect(run("FLUSHALL", "x")).toEqual(r.err(ERR.SYNTAX));
  });
});
