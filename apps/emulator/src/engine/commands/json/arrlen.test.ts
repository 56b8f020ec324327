import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

const ITEM =
  '{"name":"Wireless earbuds","description":"Wireless Bluetooth in-ear headphones","connection":{"wireless":true,"type":"Bluetooth"},"price":64.99,"stock":17,"colors":["black","white"], "max_level":[80, 100, 120]}';

describe("JSON.ARRLEN", () => {
  test("lengths of arrays in a document (redis.io example)", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "item:2", "$", ITEM);
    expect(run("JSON.ARRLEN", "item:2", "$.[*]")).toEqual(
      r.arr(r.nil, r.nil, r.nil, r.nil, r.nil, r.int(2), r.int(3)),
    );
    expect(run("JSON.ARRLEN", "item:2", "$..max_level")).toEqual(r.arr(r.int(3)));
    expect(run("JSON.GET", "item:2", "$..max_level")).toEqual(r.bulk("[[80,100,120]]"));
  });

  test("legacy paths: the first match, errors when it is not an array", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", '{"a":[1,2],"b":{"a":1}}');
    expect(run("JSON.ARRLEN", "doc", ".a")).toEqual(r.int(2));
    expect(run("JSON.ARRLEN", "doc", "..a")).toEqual(
      r.err(ERR.JSON_PATH_NOT_FOUND_OR("..a", "not an array")),
    );
    expect(run("JSON.ARRLEN", "doc", "$..a")).toEqual(r.arr(r.nil, r.int(2)));
    expect(run("JSON.ARRLEN", "doc")).toEqual(
      r.err(ERR.JSON_PATH_NOT_FOUND_OR(".", "not an array")),
    );
  });

  test("missing key: nil for a legacy path, an error for JSONPath", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("JSON.ARRLEN", "nope")).toEqual(r.nil);
    expect(run("JSON.ARRLEN", "nope", "$")).toEqual(r.err(ERR.JSON_NO_SUCH_KEY));
    run("SET", "s", "v");
    expect(run("JSON.ARRLEN", "s")).toEqual(r.err(ERR.WRONGTYPE));
    expect(run("JSON.ARRLEN")).toEqual(r.err(ERR.WRONG_ARITY("json.arrlen")));
  });
});
