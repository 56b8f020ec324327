import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("FUNCTION DUMP", () => {
  test("an empty payload is the RDB version and checksum", ({ expect }) => {
    const { run } = createTestEngine();
    const dump = run("FUNCTION", "DUMP");
    expect(dump.kind).toBe("bulk");
    expect(dump.kind === "bulk" && dump.value.length).toBe(10);
    expect(dump.kind === "bulk" && dump.value.slice(0, 2)).toBe("\u000c\u0000");
  });

  test("holds each library's code, restorable into another engine", ({ expect }) => {
    const { run } = createTestEngine();
    const code = "#!lua name=l\nredis.register_function('f', function() return 'x' end)";
    run("FUNCTION", "LOAD", code);
    const dump = run("FUNCTION", "DUMP");
    expect(dump.kind === "bulk" && dump.value.includes(code)).toBe(true);
    const other = createTestEngine();
    expect(other.run("FUNCTION", "RESTORE", dump.kind === "bulk" ? dump.value : "")).toEqual(r.ok);
    expect(other.run("FCALL", "f", "0")).toEqual(r.bulk("x"));
  });
});
