import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("MODULE UNLOAD", () => {
  test("refused as with enable-module-command no", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("MODULE", "UNLOAD", "mod")).toEqual(r.err(ERR.MODULE_NOT_ALLOWED));
  });
});
