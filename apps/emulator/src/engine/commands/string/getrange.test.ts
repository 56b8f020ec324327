import { describe, test } from "vitest";
import type { Engine } from "../../engine.ts";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";
import { List } from "../../values/list.ts";

function putList(engine: Engine, key: string): void {
  engine.databases[0]?.set(key, new List(["x"]));
}

describe("GETRANGE", () => {
  const command = "GETRANGE";
  // Cases of Redis's tests/unit/type/string.tcl.
  test.for([
    ["0", "3", "Hell"],
    ["0", "-1", "Hello World"],
    ["-4", "-1", "orld"],
    ["5", "3", ""],
    ["5", "5000", " World"],
    ["-5000", "10000", "Hello World"],
    ["0", "-100", "H"],
    ["1", "-100", ""],
    ["-1", "-100", ""],
    ["-100", "-99", "H"],
    ["-100", "-101", ""],
    ["0", "4294967297", "Hello World"],
    ["-9223372036854775807", "-9223372036854775808", ""],
  ] as const)("%s %s → %j", ([start, end, expected], { expect }) => {
    const { run } = createTestEngine();
    run("SET", "k", "Hello World");
    expect(run(command, "k", start, end)).toEqual(r.bulk(expected));
  });

  test("integers, empty strings and missing keys", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "i", "1234");
    expect(run(command, "i", "-3", "-1")).toEqual(r.bulk("234"));
    run("SET", "e", "");
    expect(run(command, "e", "0", "-1")).toEqual(r.bulk(""));
    expect(run(command, "missing", "0", "1")).toEqual(r.bulk(""));
  });

  test.for([
    [["k", "a", "1"], ERR.NOT_INTEGER],
    [["k", "0", "9223372036854775808"], ERR.NOT_INTEGER],
    [["l", "0", "1"], ERR.WRONGTYPE],
    // The indexes are parsed before the key is looked up.
    [["l", "x", "1"], ERR.NOT_INTEGER],
  ] as const)("%j → %s", ([args, error], { expect }) => {
    const { run, engine } = createTestEngine();
    putList(engine, "l");
    expect(run(command, ...args)).toEqual(r.err(error));
  });
});
