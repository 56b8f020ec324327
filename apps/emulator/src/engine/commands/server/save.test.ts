import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("SAVE", () => {
  test("saves, resets the dirty counter and moves LASTSAVE", ({ expect }) => {
    let saves = 0;
    const { run, engine, clock } = createTestEngine({ save: () => saves++ });
    run("SET", "k", "v");
    clock.advance(5000);
    expect(run("SAVE")).toEqual(r.ok);
    expect(saves).toBe(1);
    expect(engine.stats.dirty).toBe(0);
    expect(run("LASTSAVE")).toEqual(r.int(Math.floor(clock.now() / 1000)));
  });

  test("refused without persistence", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("SAVE")).toEqual(r.err(ERR.NO_PERSISTENCE));
  });
});
