import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("LASTSAVE", () => {
  test("the start-up time until a save happens", ({ expect }) => {
    const { run, clock } = createTestEngine();
    const started = Math.floor(clock.now() / 1000);
    clock.advance(10_000);
    expect(run("LASTSAVE")).toEqual(r.int(started));
  });
});
