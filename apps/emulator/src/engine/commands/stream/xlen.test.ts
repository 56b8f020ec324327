import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("XLEN", () => {
  test("counts the entries; 0 for a missing key", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("XLEN", "s")).toEqual(r.int(0));
    run("XADD", "s", "1-0", "a", "1");
    run("XADD", "s", "2-0", "a", "1");
    expect(run("XLEN", "s")).toEqual(r.int(2));
    run("XDEL", "s", "1-0", "2-0");
    // An emptied stream stays.
    expect(run("XLEN", "s")).toEqual(r.int(0));
    expect(run("EXISTS", "s")).toEqual(r.int(1));
  });

  test("wrong type and expiry", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("SET", "k", "v");
    expect(run("XLEN", "k")).toEqual(r.err(ERR.WRONGTYPE));
    run("XADD", "s", "1-0", "a", "1");
    run("PEXPIRE", "s", "5");
    clock.advance(5);
    expect(run("XLEN", "s")).toEqual(r.int(0));
  });
});
