import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("SHUTDOWN", () => {
  test.for([
    [["SHUTDOWN"], ERR.SHUTDOWN_EMBEDDED],
    [["SHUTDOWN", "NOSAVE", "NOW", "FORCE"], ERR.SHUTDOWN_EMBEDDED],
    [["SHUTDOWN", "foo"], ERR.SYNTAX],
    [["SHUTDOWN", "SAVE", "NOSAVE"], ERR.SYNTAX],
    [["SHUTDOWN", "ABORT", "NOW"], ERR.SYNTAX],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    expect(run(...argv)).toEqual(r.err(error));
  });
});
