import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("CLIENT SETINFO", () => {
  test("records the library name and version", ({ expect }) => {
    const { run, session } = createTestEngine();
    expect(run("CLIENT", "SETINFO", "lib-name", "redis-py")).toEqual(r.ok);
    expect(run("CLIENT", "SETINFO", "LIB-VER", "5.0.1")).toEqual(r.ok);
    expect(session.libraryName).toBe("redis-py");
    expect(session.libraryVersion).toBe("5.0.1");
  });

  test.for([
    [["CLIENT", "SETINFO", "foo", "x"], ERR.UNRECOGNIZED_OPTION("foo")],
    [["CLIENT", "SETINFO", "lib-name", "a b"], ERR.CLIENT_ATTRIBUTE_CHARS("lib-name")],
    [["CLIENT", "SETINFO", "LIB-VER", "1\n"], ERR.CLIENT_ATTRIBUTE_CHARS("LIB-VER")],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    expect(run(...argv)).toEqual(r.err(error));
  });
});
