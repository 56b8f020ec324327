import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

const ITEM =
  '{"name":"Wireless earbuds","description":"Wireless Bluetooth in-ear headphones","connection":{"wireless":true,"type":"Bluetooth"},"price":64.99,"stock":17,"colors":["black","white"], "max_level":[80, 100, 120]}';

describe("JSON.DEBUG", () => {
  test("MEMORY reports a size in bytes for the document and for each match", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "item:2", "$", ITEM);
    const whole = run("JSON.DEBUG", "MEMORY", "item:2");
    expect(whole.kind).toBe("integer");
    // Scalars follow RedisJSON's get_memory exactly: a pointer plus the heap part.
    expect(run("JSON.DEBUG", "memory", "item:2", "$.stock")).toEqual(r.arr(r.int(8)));
    expect(run("JSON.DEBUG", "MEMORY", "item:2", "$.price")).toEqual(r.arr(r.int(24)));
    expect(run("JSON.DEBUG", "MEMORY", "item:2", ".name")).toEqual(r.int(8 + 16));
    expect(run("JSON.DEBUG", "MEMORY", "item:2", "$.nope")).toEqual(r.arr());
    expect(run("JSON.DEBUG", "MEMORY", "item:2", ".nope")).toEqual(
      r.err(ERR.JSON_PATH_NOT_FOUND("$.nope")),
    );
  });

  test("MEMORY of a missing key is 0, or an empty array for JSONPath", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("JSON.DEBUG", "MEMORY", "nope")).toEqual(r.int(0));
    expect(run("JSON.DEBUG", "MEMORY", "nope", "$")).toEqual(r.arr());
    run("SET", "s", "v");
    expect(run("JSON.DEBUG", "MEMORY", "s")).toEqual(r.err(ERR.WRONGTYPE));
  });

  test("HELP", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("JSON.DEBUG", "help")).toEqual(
      r.bulks("MEMORY <key> [path] - reports memory usage", "HELP                - this message"),
    );
  });

  test.for([
    [["JSON.DEBUG"], ERR.WRONG_ARITY("json.debug")],
    [["JSON.DEBUG", "MEMORY"], ERR.WRONG_ARITY("json.debug")],
    [["JSON.DEBUG", "FOO"], ERR.JSON_DEBUG_UNKNOWN_SUBCOMMAND],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    expect(run(...argv)).toEqual(r.err(error));
  });
});
