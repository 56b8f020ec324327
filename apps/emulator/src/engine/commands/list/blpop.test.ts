import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import type { Reply } from "../../reply.ts";
import { createTestEngine, r, type TestEngine } from "../../test-support.ts";

/** Runs a command that must block and returns the reply it eventually gets. */
function blocked(t: TestEngine, argv: string[]): Promise<Reply> {
  const result = t.execute(...argv);
  if (result.kind !== "blocked") {
    throw new Error(`${argv.join(" ")} did not block`);
  }
  return t.engine.waitFor(result, argv, t.session);
}

describe("BLPOP", () => {
  test("pops from the first non-empty list at once, logged as LPOP", ({ expect }) => {
    const effects: unknown[] = [];
    const t = createTestEngine({ onEffects: (batch) => effects.push(...batch) });
    t.run("RPUSH", "b", "x", "y");
    expect(t.run("BLPOP", "a", "b", "0")).toEqual(r.bulks("b", "x"));
    expect(effects.at(-1)).toEqual({ db: 0, argv: ["LPOP", "b"] });
  });

  test("blocks until a push, then serves it", async ({ expect }) => {
    const t = createTestEngine();
    const pending = blocked(t, ["BLPOP", "a", "b", "0"]);
    const other = t.engine.createSession({ address: "127.0.0.1:2" });
    t.engine.execute(["RPUSH", "b", "v1"], other);
    expect(await pending).toEqual(r.bulks("b", "v1"));
    expect(t.run("EXISTS", "b")).toEqual(r.int(0));
  });

  // Regression: serving a waiter used to re-enter and run it twice, losing the first element.
  test("serves a waiter once when the push brings several elements", async ({ expect }) => {
    const t = createTestEngine();
    const pending = blocked(t, ["BLPOP", "b", "0"]);
    t.run("RPUSH", "b", "v1", "v2");
    expect(await pending).toEqual(r.bulks("b", "v1"));
    expect(t.run("LRANGE", "b", "0", "-1")).toEqual(r.bulks("v2"));
  });

  test("times out with a null array", async ({ expect }) => {
    const t = createTestEngine();
    const pending = blocked(t, ["BLPOP", "a", "1.5"]);
    t.clock.advance(1499);
    t.run("RPUSH", "other", "x");
    t.clock.advance(1);
    expect(await pending).toEqual(r.nilArray);
  });

  test("inside MULTI it answers a null array at once", ({ expect }) => {
    const t = createTestEngine();
    expect(t.engine.exec([["BLPOP", "a", "0"]], t.session)).toEqual([r.nilArray]);
  });

  test.for([
    [["BLPOP", "a", "x"], ERR.TIMEOUT_NOT_FLOAT],
    [["BLPOP", "a", " 1"], ERR.TIMEOUT_NOT_FLOAT],
    [["BLPOP", "a", ""], ERR.TIMEOUT_NOT_FLOAT],
    [["BLPOP", "a", "nan"], ERR.TIMEOUT_NOT_FLOAT],
    [["BLPOP", "a", "1e5000"], ERR.TIMEOUT_NOT_FLOAT],
    [["BLPOP", "a", "-1"], ERR.TIMEOUT_NEGATIVE],
    [["BLPOP", "a", "-inf"], ERR.TIMEOUT_NEGATIVE],
    [["BLPOP", "a", "inf"], ERR.TIMEOUT_OUT_OF_RANGE],
    [["BLPOP", "a", "1e300"], ERR.TIMEOUT_OUT_OF_RANGE],
    [["BLPOP", "s", "0"], ERR.WRONGTYPE],
    [["BLPOP", "a", "s", "0"], ERR.WRONGTYPE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run(...argv)).toEqual(r.err(error));
  });

  test("timeouts round up to a millisecond; hex is accepted as strtold does", async ({
    expect,
  }) => {
    const t = createTestEngine();
    const tiny = blocked(t, ["BLPOP", "a", "0.0001"]);
    t.clock.advance(1);
    expect(await tiny).toEqual(r.nilArray);
    const hex = blocked(t, ["BLPOP", "a", "0x1"]);
    t.clock.advance(999);
    t.run("RPUSH", "b", "x");
    t.clock.advance(1);
    expect(await hex).toEqual(r.nilArray);
  });

  test("a tiny negative timeout rounds to 0, which blocks forever", ({ expect }) => {
    const t = createTestEngine();
    const result = t.execute("BLPOP", "a", "-0.0001");
    expect(result.kind === "blocked" && result.deadlineMs).toBeUndefined();
  });
});

test("one push of two elements serves two waiters in arrival order", async ({ expect }) => {
  const t = createTestEngine();
  const other = t.engine.createSession({ address: "127.0.0.1:50001" });
  const first = blocked(t, ["BLPOP", "q", "0"]);
  const result = t.engine.execute(["BLPOP", "q", "0"], other);
  if (result.kind !== "blocked") {
    throw new Error("expected the second client to block");
  }
  const second = t.engine.waitFor(result, ["BLPOP", "q", "0"], other);
  t.run("RPUSH", "q", "a", "b");
  expect(await first).toEqual(r.bulks("q", "a"));
  expect(await second).toEqual(r.bulks("q", "b"));
});
