import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";
import { List } from "../../values/list.ts";

describe("OBJECT ENCODING", () => {
  test("strings are int, embstr (up to 44 bytes) or raw", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "int", "-12345");
    run("SET", "zeros", "007");
    run("SET", "short", "x".repeat(44));
    run("SET", "long", "x".repeat(45));
    expect(run("OBJECT", "ENCODING", "int")).toEqual(r.bulk("int"));
    expect(run("OBJECT", "ENCODING", "zeros")).toEqual(r.bulk("embstr"));
    expect(run("OBJECT", "encoding", "short")).toEqual(r.bulk("embstr"));
    expect(run("OBJECT", "ENCODING", "long")).toEqual(r.bulk("raw"));
  });

  test("containers answer their own encoding; nil for a missing key", ({ expect }) => {
    const { run, engine } = createTestEngine();
    engine.databases[0]?.set("l", new List(["a"]));
    expect(run("OBJECT", "ENCODING", "l")).toEqual(r.bulk("listpack"));
    expect(run("OBJECT", "ENCODING", "nope")).toEqual(r.nil);
  });
});
