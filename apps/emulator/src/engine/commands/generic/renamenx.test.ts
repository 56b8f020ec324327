import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("RENAMENX", () => {
  test("renames only when the destination does not exist", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "a", "1", "EX", "10");
    run("SET", "b", "2");
    expect(run("RENAMENX", "a", "b")).toEqual(r.int(0));
    expect(run("GET", "b")).toEqual(r.bulk("2"));
    expect(run("RENAMENX", "a", "c")).toEqual(r.int(1));
    expect(run("GET", "c")).toEqual(r.bulk("1"));
    expect(run("TTL", "c")).toEqual(r.int(10));
    expect(run("EXISTS", "a")).toEqual(r.int(0));
  });

  test("itself answers 0; a missing key is an error", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "a", "1");
    expect(run("RENAMENX", "a", "a")).toEqual(r.int(0));
    expect(run("RENAMENX", "nope", "x")).toEqual(r.err(ERR.NO_SUCH_KEY));
  });
});
