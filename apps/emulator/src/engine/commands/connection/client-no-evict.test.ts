import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("CLIENT NO-EVICT", () => {
  test("ON and OFF set the mode", ({ expect }) => {
    const { run, session } = createTestEngine();
    expect(run("CLIENT", "NO-EVICT", "on")).toEqual(r.ok);
    expect(session.isNoEvict).toBe(true);
    expect(run("CLIENT", "NO-EVICT", "OFF")).toEqual(r.ok);
    expect(session.isNoEvict).toBe(false);
  });

  test("anything else is a syntax error", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("CLIENT", "NO-EVICT", "maybe")).toEqual(r.err(ERR.SYNTAX));
  });
});
