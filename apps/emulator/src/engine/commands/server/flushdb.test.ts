import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("FLUSHDB", () => {
  test("empties the selected database only", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "a", "1");
    run("SELECT", "1");
    run("SET", "b", "2");
    expect(run("FLUSHDB")).toEqual(r.ok);
    expect(run("DBSIZE")).toEqual(r.int(0));
    run("SELECT", "0");
    expect(run("DBSIZE")).toEqual(r.int(1));
    expect(run("FLUSHDB", "async")).toEqual(r.ok);
    expect(run("FLUSHDB", "SYNC")).toEqual(r.ok);
    expect(run("DBSIZE")).toEqual(r.int(0));
  });

  test("is logged for replay", ({ expect }) => {
    const effects: unknown[] = [];
    const { run } = createTestEngine({ onEffects: (batch) => effects.push(...batch) });
    run("FLUSHDB");
    expect(effects).toEqual([{ db: 0, argv: ["FLUSHDB"] }]);
  });

  test("other arguments are a syntax error", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("FLUSHDB", "now")).toEqual(r.err(ERR.SYNTAX));
    expect(run("FLUSHDB", "ASYNC", "SYNC")).toEqual(r.err(ERR.SYNTAX));
  });
});
