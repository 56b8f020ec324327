import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("CLIENT PAUSE", () => {
  test.for([
    [["CLIENT", "PAUSE", "100"], ERR.CLIENT_UNSUPPORTED("PAUSE")],
    [["CLIENT", "PAUSE", "100", "WRITE"], ERR.CLIENT_UNSUPPORTED("PAUSE")],
    [["CLIENT", "PAUSE", "abc"], ERR.TIMEOUT_NOT_INTEGER],
    [["CLIENT", "PAUSE", "-1"], ERR.TIMEOUT_NEGATIVE],
    [["CLIENT", "PAUSE", "1", "foo"], ERR.SYNTAX],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    expect(run(...argv)).toEqual(r.err(error));
  });
});
