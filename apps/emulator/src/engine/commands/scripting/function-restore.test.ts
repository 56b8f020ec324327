import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

const lib = (name: string, fn: string, value: string): string =>
  `#!lua name=${name}\nredis.register_function('${fn}', function() return '${value}' end)`;

function dumpOf(...codes: string[]): string {
  const { run } = createTestEngine();
  for (const code of codes) {
    run("FUNCTION", "LOAD", code);
  }
  const dump = run("FUNCTION", "DUMP");
  return dump.kind === "bulk" ? dump.value : "";
}

/** A payload redis-server 7.0 produced (RDB version 10): library "l7" with function "f7". */
const REDIS_7_PAYLOAD = Buffer.from(
  "f5404623216c7561206e616d653d6c370a72656469732e72656769737465725f66756e6374696f6e28276637272c2066756e6374696f6e28292072657475726e2027372720656e64290a00553d80817b338694",
  "hex",
).toString("latin1");

describe("FUNCTION RESTORE", () => {
  test("APPEND (the default) adds libraries and refuses existing ones", ({ expect }) => {
    const { run } = createTestEngine();
    run("FUNCTION", "LOAD", lib("a", "fa", "1"));
    expect(run("FUNCTION", "RESTORE", dumpOf(lib("b", "fb", "2")))).toEqual(r.ok);
    expect(run("FCALL", "fb", "0")).toEqual(r.bulk("2"));
    expect(run("FUNCTION", "RESTORE", dumpOf(lib("a", "fz", "9")), "APPEND")).toEqual(
      r.err(ERR.LIBRARY_EXISTS_ON_RESTORE("a")),
    );
    expect(run("FUNCTION", "RESTORE", dumpOf(lib("c", "fa", "9")))).toEqual(
      r.err(ERR.FUNCTION_EXISTS("fa")),
    );
    expect(run("FCALL", "fa", "0")).toEqual(r.bulk("1"));
  });

  test("REPLACE swaps existing libraries; FLUSH drops the others", ({ expect }) => {
    const { run } = createTestEngine();
    run("FUNCTION", "LOAD", lib("a", "fa", "1"));
    run("FUNCTION", "LOAD", lib("b", "fb", "2"));
    expect(run("FUNCTION", "RESTORE", dumpOf(lib("a", "fa", "new")), "replace")).toEqual(r.ok);
    expect(run("FCALL", "fa", "0")).toEqual(r.bulk("new"));
    expect(run("FCALL", "fb", "0")).toEqual(r.bulk("2"));
    expect(run("FUNCTION", "RESTORE", dumpOf(lib("c", "fc", "3")), "FLUSH")).toEqual(r.ok);
    expect(run("FCALL", "fa", "0")).toEqual(r.err(ERR.FUNCTION_NOT_FOUND));
    expect(run("FCALL", "fc", "0")).toEqual(r.bulk("3"));
  });

  test("reads payloads made by Redis 7 (an older RDB version)", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("FUNCTION", "RESTORE", REDIS_7_PAYLOAD)).toEqual(r.ok);
    expect(run("FCALL", "f7", "0")).toEqual(r.bulk("7"));
  });

  test.for([
    [["FUNCTION", "RESTORE", "abc"], ERR.DUMP_PAYLOAD],
    [["FUNCTION", "RESTORE", "abc", "MERGE"], ERR.FUNCTION_RESTORE_POLICY],
    [["FUNCTION", "RESTORE", "abc", "FLUSH", "x"], ERR.SUBCOMMAND_SYNTAX("RESTORE", "FUNCTION")],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    expect(run(...argv)).toEqual(r.err(error));
  });

  test("payloads that are not functions", ({ expect }) => {
    const { run } = createTestEngine();
    const dumped = run("SET", "k", "v") && run("DUMP", "k");
    expect(run("FUNCTION", "RESTORE", dumped.kind === "bulk" ? dumped.value : "")).toEqual(
      r.err(ERR.FUNCTION_RESTORE_NOT_FUNCTION),
    );
    const bad = dumpOf(lib("l", "f", "1")).replace("#!lua", "#!xyz");
    // The checksum no longer matches.
    expect(run("FUNCTION", "RESTORE", bad)).toEqual(r.err(ERR.DUMP_PAYLOAD));
  });
});
