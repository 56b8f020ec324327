import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";
import { ERR } from "../errors.ts";

describe("FUNCTION KILL", () => {
  test("no function can be running when it arrives", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("FUNCTION", "KILL")).toEqual(r.err(ERR.NOTBUSY));
  });
});
