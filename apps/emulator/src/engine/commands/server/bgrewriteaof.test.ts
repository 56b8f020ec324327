import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("BGREWRITEAOF", () => {
  test("compacts through the snapshot hook; refused without persistence", ({ expect }) => {
    let saves = 0;
    const { run } = createTestEngine({ save: () => saves++ });
    expect(run("BGREWRITEAOF")).toEqual(r.simple("Background append only file rewriting started"));
    expect(saves).toBe(1);
    expect(createTestEngine().run("BGREWRITEAOF")).toEqual(r.err(ERR.NO_PERSISTENCE));
  });
});
