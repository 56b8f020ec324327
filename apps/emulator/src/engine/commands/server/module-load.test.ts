import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";
import { ERR } from "../errors.ts";

describe("MODULE LOAD", () => {
  test("refused as with enable-module-command no", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("MODULE", "LOAD", "/path/mod.so", "arg")).toEqual(r.err(ERR.MODULE_NOT_ALLOWED));
  });
});
