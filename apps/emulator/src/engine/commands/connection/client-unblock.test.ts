import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("CLIENT UNBLOCK", () => {
  test.for([
    [["CLIENT", "UNBLOCK", "5"], ERR.CLIENT_UNSUPPORTED("UNBLOCK")],
    [["CLIENT", "UNBLOCK", "abc"], ERR.NOT_INTEGER],
    [["CLIENT", "UNBLOCK", "5", "foo"], ERR.CLIENT_UNBLOCK_REASON],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    expect(run(...argv)).toEqual(r.err(error));
  });
});
