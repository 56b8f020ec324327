import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("PFDEBUG", () => {
  test("ENCODING, DECODE and TODENSE", ({ expect }) => {
    const { run } = createTestEngine();
    run("PFADD", "h", "a", "b", "c");
    expect(run("PFDEBUG", "encoding", "h")).toEqual(r.simple("sparse"));
    expect(run("PFDEBUG", "DECODE", "h")).toEqual(
      r.bulk("Z:8436 v:1,1 Z:4274 v:2,1 Z:3068 v:1,1 Z:603"),
    );
    expect(run("PFDEBUG", "TODENSE", "h")).toEqual(r.int(1));
    expect(run("PFDEBUG", "TODENSE", "h")).toEqual(r.int(0));
    expect(run("PFDEBUG", "ENCODING", "h")).toEqual(r.simple("dense"));
    expect(run("PFDEBUG", "DECODE", "h")).toEqual(r.err(ERR.PFDEBUG_NOT_SPARSE));
    expect(run("PFCOUNT", "h")).toEqual(r.int(3));
  });

  test("GETREG lists the 16384 registers, converting to dense", ({ expect }) => {
    const { run } = createTestEngine();
    run("PFADD", "h", "a", "b", "c");
    const registers = run("PFDEBUG", "GETREG", "h");
    expect(registers.kind === "array" ? registers.items.length : 0).toBe(16384);
    expect(registers.kind === "array" ? registers.items[12711] : undefined).toEqual(r.int(2));
    expect(run("PFDEBUG", "ENCODING", "h")).toEqual(r.simple("dense"));
  });

  test("DECODE reads a corrupt tail as Redis does", ({ expect }) => {
    const { run } = createTestEngine();
    run("PFADD", "h", "a", "b", "c");
    run("APPEND", "h", "hello");
    expect(run("PFDEBUG", "DECODE", "h")).toEqual(
      r.bulk("Z:8436 v:1,1 Z:4274 v:2,1 Z:3068 v:1,1 Z:603 Z:10342 Z:11373 Z:12033"),
    );
    expect(run("PFDEBUG", "TODENSE", "h")).toEqual(r.err(ERR.HLL_CORRUPTED));
  });

  test("SIMD ON|OFF (Redis 8) needs no key", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("PFDEBUG", "SIMD", "on")).toEqual(r.simple("enabled"));
    expect(run("PFDEBUG", "simd", "OFF")).toEqual(r.simple("disabled"));
    expect(run("PFDEBUG", "SIMD", "maybe")).toEqual(r.err(ERR.PFDEBUG_SIMD_ARGUMENT));
  });

  test("an expired key does not exist", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("PFADD", "h", "a");
    run("PEXPIRE", "h", "10");
    clock.advance(10);
    expect(run("PFDEBUG", "ENCODING", "h")).toEqual(r.err(ERR.PFDEBUG_NO_KEY));
  });

  test.for([
    [["PFDEBUG", "GETREG", "nokey"], ERR.PFDEBUG_NO_KEY],
    [["PFDEBUG", "nope", "nokey"], ERR.PFDEBUG_NO_KEY],
    [["PFDEBUG", "nope", "h"], ERR.PFDEBUG_UNKNOWN_SUBCOMMAND("nope")],
    [["PFDEBUG", "ENCODING", "s"], ERR.HLL_WRONGTYPE],
    [["PFDEBUG", "ENCODING", "l"], ERR.WRONGTYPE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("PFADD", "h", "a");
    run("SET", "s", "x");
    run("LPUSH", "l", "x");
    expect(run(...argv)).toEqual(r.err(error));
  });
});
