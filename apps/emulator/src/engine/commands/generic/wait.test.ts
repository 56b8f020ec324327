import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("WAIT", () => {
  test("0 at once when no replica is requested", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("WAIT", "0", "0")).toEqual(r.int(0));
    expect(run("WAIT", "-1", "100")).toEqual(r.int(0));
  });

  test("asking for replicas blocks until the timeout, then answers 0", async ({ expect }) => {
    const { engine, session, execute, clock } = createTestEngine();
    const result = execute("WAIT", "1", "100");
    expect(result.kind).toBe("blocked");
    if (result.kind !== "blocked") {
      return;
    }
    const reply = engine.waitFor(result, ["WAIT", "1", "100"], session);
    clock.advance(100);
    expect(await reply).toEqual(r.int(0));
  });

  test.for([
    [["WAIT", "abc", "0"], ERR.NOT_INTEGER],
    [["WAIT", "0", "abc"], ERR.TIMEOUT_NOT_INTEGER],
    [["WAIT", "0", "-1"], ERR.TIMEOUT_NEGATIVE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    expect(run(...argv)).toEqual(r.err(error));
  });
});
