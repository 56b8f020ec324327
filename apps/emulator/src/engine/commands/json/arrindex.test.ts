import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

const ITEM =
  '{"name":"Noise-cancelling Bluetooth headphones","description":"Wireless Bluetooth headphones with noise-cancelling technology","connection":{"wireless":true,"type":"Bluetooth"},"price":99.98,"stock":25,"colors":["black","silver"]}';

describe("JSON.ARRINDEX", () => {
  test("finds a color (redis.io example)", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "item:1", "$", ITEM);
    expect(run("JSON.ARRAPPEND", "item:1", "$.colors", '"blue"')).toEqual(r.arr(r.int(3)));
    expect(run("JSON.ARRINSERT", "item:1", "$.colors", "2", '"yellow"', '"gold"')).toEqual(
      r.arr(r.int(5)),
    );
    expect(run("JSON.ARRINDEX", "item:1", "$..colors", '"silver"')).toEqual(r.arr(r.int(1)));
  });

  test("RedisJSON's examples (nested matches first, as the service lists them)", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", '{"a":[1,2,3,2], "nested": {"a": [3,4]}}');
    expect(run("JSON.ARRINDEX", "doc", "$..a", "2")).toEqual(r.arr(r.int(-1), r.int(1)));
    run("JSON.SET", "doc", "$", '{"a":[1,2,3,2], "nested": {"a": false}}');
    expect(run("JSON.ARRINDEX", "doc", "$..a", "2")).toEqual(r.arr(r.nil, r.int(1)));
  });

  test("start and stop: inclusive, exclusive, 0 is the end, negative from the end", ({
    expect,
  }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", "[0,1,2,3,1,5]");
    expect(run("JSON.ARRINDEX", "doc", ".", "1", "2")).toEqual(r.int(4));
    expect(run("JSON.ARRINDEX", "doc", ".", "1", "2", "4")).toEqual(r.int(-1));
    expect(run("JSON.ARRINDEX", "doc", ".", "1", "2", "0")).toEqual(r.int(4));
    expect(run("JSON.ARRINDEX", "doc", ".", "1", "-2")).toEqual(r.int(4));
    expect(run("JSON.ARRINDEX", "doc", ".", "1", "0", "-2")).toEqual(r.int(1));
    expect(run("JSON.ARRINDEX", "doc", ".", "1", "99")).toEqual(r.int(-1));
    expect(run("JSON.ARRINDEX", "doc", ".", "5", "-99", "99")).toEqual(r.int(5));
    expect(run("JSON.ARRINDEX", "doc", ".", "1", "3", "1")).toEqual(r.int(-1));
  });

  test("integers and floats never equal each other; containers compare deeply", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", '[1,1.0,"1",null,[1],{"a":[2]}]');
    expect(run("JSON.ARRINDEX", "doc", "$", "1")).toEqual(r.arr(r.int(0)));
    expect(run("JSON.ARRINDEX", "doc", "$", "1.0")).toEqual(r.arr(r.int(1)));
    expect(run("JSON.ARRINDEX", "doc", "$", '"1"')).toEqual(r.arr(r.int(2)));
    expect(run("JSON.ARRINDEX", "doc", "$", "null")).toEqual(r.arr(r.int(3)));
    expect(run("JSON.ARRINDEX", "doc", "$", "[1]")).toEqual(r.arr(r.int(4)));
    expect(run("JSON.ARRINDEX", "doc", "$", '{"a":[2]}')).toEqual(r.arr(r.int(5)));
  });

  test("legacy paths: errors for a missing path or a non-array", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", '{"a":[],"b":"x"}');
    expect(run("JSON.ARRINDEX", "doc", ".a", "1")).toEqual(r.int(-1));
    expect(run("JSON.ARRINDEX", "doc", ".x", "1")).toEqual(r.err(ERR.JSON_PATH_NOT_FOUND("$.x")));
    expect(run("JSON.ARRINDEX", "doc", ".b", "1")).toEqual(
      r.err("WRONGTYPE wrong type of path value - expected array but found string"),
    );
  });

  test.for([
    [["JSON.ARRINDEX", "doc", "$"], ERR.WRONG_ARITY("json.arrindex")],
    [["JSON.ARRINDEX", "doc", "$", "1", "0", "0", "0"], ERR.WRONG_ARITY("json.arrindex")],
    [["JSON.ARRINDEX", "doc", "$", "1", "x"], ERR.JSON_NOT_INTEGER],
    [["JSON.ARRINDEX", "doc", "$", "x"], "ERR expected value at line 1 column 1"],
    [["JSON.ARRINDEX", "doc", "$", "1 2"], "ERR trailing characters at line 1 column 3"],
    // The value is read before the key's type is checked.
    [["JSON.ARRINDEX", "s", "$", "x"], "ERR expected value at line 1 column 1"],
    [["JSON.ARRINDEX", "s", "$", "1"], ERR.WRONGTYPE],
    [["JSON.ARRINDEX", "nope", "$..a", "1"], ERR.JSON_PATH_NOT_FOUND("$..a")],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", "[]");
    run("SET", "s", "v");
    expect(run(...argv)).toEqual(r.err(error));
  });
});
