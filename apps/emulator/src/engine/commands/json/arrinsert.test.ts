import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

const ITEM =
  '{"name":"Noise-cancelling Bluetooth headphones","description":"Wireless Bluetooth headphones with noise-cancelling technology","connection":{"wireless":true,"type":"Bluetooth"},"price":99.98,"stock":25,"colors":["black","silver"]}';

describe("JSON.ARRINSERT", () => {
  test("adds colors at a position (redis.io example)", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "item:1", "$", ITEM);
    expect(run("JSON.ARRAPPEND", "item:1", "$.colors", '"blue"')).toEqual(r.arr(r.int(3)));
    expect(run("JSON.GET", "item:1", "$.colors[*]")).toEqual(r.bulk('["black","silver","blue"]'));
    expect(run("JSON.ARRINSERT", "item:1", "$.colors", "2", '"yellow"', '"gold"')).toEqual(
      r.arr(r.int(5)),
    );
    expect(run("JSON.GET", "item:1", "$.colors")).toEqual(
      r.bulk('[["black","silver","yellow","gold","blue"]]'),
    );
  });

  test("negative indexes count from the end; the length appends", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", "[1,2,3]");
    expect(run("JSON.ARRINSERT", "doc", ".", "-1", '"a"')).toEqual(r.int(4));
    expect(run("JSON.ARRINSERT", "doc", "$", "4", '"z"')).toEqual(r.arr(r.int(5)));
    expect(run("JSON.ARRINSERT", "doc", "$", "0", '"s"')).toEqual(r.arr(r.int(6)));
    expect(run("JSON.GET", "doc")).toEqual(r.bulk('["s",1,2,"a",3,"z"]'));
  });

  test("out of bounds is an error, and nothing is inserted anywhere", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", '{"a":[1,2,3],"b":{"a":[1]}}');
    expect(run("JSON.ARRINSERT", "doc", "$..a", "2", "0")).toEqual(
      r.err(ERR.JSON_INDEX_OUT_OF_BOUNDS),
    );
    expect(run("JSON.ARRINSERT", "doc", "$.a", "-4", "0")).toEqual(
      r.err(ERR.JSON_INDEX_OUT_OF_BOUNDS),
    );
    expect(run("JSON.GET", "doc")).toEqual(r.bulk('{"a":[1,2,3],"b":{"a":[1]}}'));
  });

  test("non-arrays are nil; a legacy path with no array is an error", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", '{"a":[],"b":1}');
    expect(run("JSON.ARRINSERT", "doc", "$.*", "0", "1")).toEqual(r.arr(r.int(1), r.nil));
    expect(run("JSON.ARRINSERT", "doc", ".b", "0", "1")).toEqual(
      r.err(ERR.JSON_PATH_NOT_FOUND_OR("$.b", "not an array")),
    );
  });

  test.for([
    [["JSON.ARRINSERT", "doc", "$"], ERR.WRONG_ARITY("json.arrinsert")],
    [["JSON.ARRINSERT", "doc", "$", "0"], ERR.WRONG_ARITY("json.arrinsert")],
    [["JSON.ARRINSERT", "doc", "$", "x", "1"], ERR.JSON_NOT_INTEGER],
    [["JSON.ARRINSERT", "doc", "$", "0", "[1"], "EOF while parsing a list at line 1 column 2"],
    [["JSON.ARRINSERT", "nope", "$", "0", "1"], ERR.JSON_NO_SUCH_KEY],
    [["JSON.ARRINSERT", "s", "$", "0", "1"], ERR.WRONGTYPE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", "[]");
    run("SET", "s", "v");
    expect(run(...argv)).toEqual(r.err(error));
  });
});
