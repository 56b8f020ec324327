import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

/** GET of `PFADD h a b c d e` in redis-server. */
const ABCDE =
  "HYLL\u0001\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0080\\{\u0080Dv\u0080P\u00b1\u0084I\u008c\u0080Bm\u0080BZ";

describe("PFADD", () => {
  test("creates a sparse HLL byte for byte as Redis does; 0 when no register changes", ({
    expect,
  }) => {
    const { run } = createTestEngine();
    expect(run("PFADD", "h", "a", "b", "c", "d", "e")).toEqual(r.int(1));
    expect(run("GET", "h")).toEqual(r.bulk(ABCDE));
    expect(run("PFADD", "h", "a", "e")).toEqual(r.int(0));
    expect(run("GET", "h")).toEqual(r.bulk(ABCDE));
  });

  test("without elements it creates an empty HLL (1), then changes nothing (0)", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("PFADD", "h")).toEqual(r.int(1));
    expect(run("GET", "h")).toEqual(
      r.bulk(
        "HYLL\u0001\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0080\u007f\u00ff",
      ),
    );
    expect(run("PFADD", "h")).toEqual(r.int(0));
  });

  test("promotes to dense at hll-sparse-max-bytes", ({ expect }) => {
    const { run } = createTestEngine();
    run("CONFIG", "SET", "hll-sparse-max-bytes", "30");
    run("PFADD", "h", "a", "b", "c", "d", "e", "f", "g", "h", "i", "j");
    expect(run("PFDEBUG", "ENCODING", "h")).toEqual(r.simple("dense"));
    expect(run("STRLEN", "h")).toEqual(r.int(12304));
    expect(run("PFCOUNT", "h")).toEqual(r.int(10));
  });

  test("keeps the TTL (the value is edited in place)", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("PFADD", "h", "a");
    run("PEXPIRE", "h", "100");
    run("PFADD", "h", "b");
    clock.advance(100);
    expect(run("EXISTS", "h")).toEqual(r.int(0));
    expect(run("PFADD", "h", "a")).toEqual(r.int(1));
  });

  test("a corrupt sparse value that still locates the register is updated", ({ expect }) => {
    const { run } = createTestEngine();
    run("PFADD", "h", "a", "b", "c");
    run("APPEND", "h", "hello");
    expect(run("PFADD", "h", "zz")).toEqual(r.int(1));
    expect(run("PFCOUNT", "h")).toEqual(r.err(ERR.HLL_CORRUPTED));
  });

  test.for([
    [["SET", "h", "not an hll"], ERR.HLL_WRONGTYPE],
    [["LPUSH", "h", "x"], ERR.WRONGTYPE],
    [
      ["SET", "h", "HYLL\u0002\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000"],
      ERR.HLL_WRONGTYPE,
    ],
    [
      ["SET", "h", "HYLL\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000"],
      ERR.HLL_WRONGTYPE,
    ],
    [
      ["SET", "h", "HYLL\u0001\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000"],
      ERR.HLL_CORRUPTED,
    ],
  ] as const)("%j then PFADD → %s", ([setup, error], { expect }) => {
    const { run } = createTestEngine();
    run(...setup);
    expect(run("PFADD", "h", "a")).toEqual(r.err(error));
  });
});
