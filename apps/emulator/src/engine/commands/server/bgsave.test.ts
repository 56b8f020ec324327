import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("BGSAVE", () => {
  test("saves through the engine's snapshot hook", ({ expect }) => {
    let saves = 0;
    const { run } = createTestEngine({ save: () => saves++ });
    expect(run("BGSAVE")).toEqual(r.simple("Background saving started"));
    expect(run("BGSAVE", "SCHEDULE")).toEqual(r.simple("Background saving started"));
    expect(saves).toBe(2);
  });

  test("refused without persistence; other arguments are a syntax error", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("BGSAVE")).toEqual(r.err(ERR.NO_PERSISTENCE));
    expect(run("BGSAVE", "foo")).toEqual(r.err(ERR.SYNTAX));
  });
});
