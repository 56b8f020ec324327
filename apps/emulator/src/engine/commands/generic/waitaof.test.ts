import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("WAITAOF", () => {
  test("[0, 0] without appendonly when nothing is requested", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("WAITAOF", "0", "0", "0")).toEqual(r.arr(r.int(0), r.int(0)));
  });

  test("numlocal needs appendonly; with it the local fsync counts", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("WAITAOF", "1", "0", "0")).toEqual(r.err(ERR.WAITAOF_NO_APPENDONLY));
    run("CONFIG", "SET", "appendonly", "yes");
    expect(run("WAITAOF", "1", "0", "0")).toEqual(r.arr(r.int(1), r.int(0)));
  });

  test("waiting for replicas ends at the timeout", ({ expect }) => {
    const { execute } = createTestEngine();
    const result = execute("WAITAOF", "0", "1", "50");
    expect(result.kind).toBe("blocked");
  });

  test.for([
    [["WAITAOF", "2", "0", "0"], ERR.VALUE_NOT_BETWEEN("0", "1")],
    [["WAITAOF", "x", "0", "0"], ERR.NOT_INTEGER],
    [["WAITAOF", "0", "-1", "0"], ERR.NOT_POSITIVE],
    [["WAITAOF", "0", "0", "-1"], ERR.TIMEOUT_NEGATIVE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    expect(run(...argv)).toEqual(r.err(error));
  });
});
