import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("FUNCTION KILL", () => {
  test("no function can be running when it arrives", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("FUNCTION", "KILL")).toEqual(r.err(ERR.NOTBUSY));
  });
});
