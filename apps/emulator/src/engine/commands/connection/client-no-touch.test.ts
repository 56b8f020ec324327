import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("CLIENT NO-TOUCH", () => {
  test("ON and OFF set the mode", ({ expect }) => {
    const { run, session } = createTestEngine();
    expect(run("CLIENT", "NO-TOUCH", "on")).toEqual(r.ok);
    expect(session.isNoTouch).toBe(true);
    expect(run("CLIENT", "NO-TOUCH", "OFF")).toEqual(r.ok);
    expect(session.isNoTouch).toBe(false);
  });

  test("anything else is a syntax error", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("CLIENT", "NO-TOUCH", "maybe")).toEqual(r.err(ERR.SYNTAX));
  });
});
