import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

const ITEM =
  '{"name":"Noise-cancelling Bluetooth headphones","description":"Wireless Bluetooth headphones with noise-cancelling technology","connection":{"wireless":true,"type":"Bluetooth"},"price":99.98,"stock":25,"colors":["black","silver"]}';

describe("JSON.ARRAPPEND", () => {
  test("adds a color (redis.io example)", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "item:1", "$", ITEM);
    expect(run("JSON.ARRAPPEND", "item:1", "$.colors", '"blue"')).toEqual(r.arr(r.int(3)));
    expect(run("JSON.GET", "item:1", "$.colors")).toEqual(r.bulk('[["black","silver","blue"]]'));
  });

  test("several values and arrays; non-arrays are nil", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", '{"a":[1],"b":{"a":[]},"c":{"a":"x"}}');
    expect(run("JSON.ARRAPPEND", "doc", "$..a", "2", '{"k":[3]}')).toEqual(
      r.arr(r.int(2), r.nil, r.int(3)),
    );
    // Each array gets its own copy of the values.
    run("JSON.ARRAPPEND", "doc", "$.b.a[1].k", "4");
    expect(run("JSON.GET", "doc")).toEqual(
      r.bulk('{"a":[1,2,{"k":[3]}],"b":{"a":[2,{"k":[3,4]}]},"c":{"a":"x"}}'),
    );
  });

  test("legacy paths answer the last new length, or an error quoting the path as given", ({
    expect,
  }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", '{"a":[],"b":1}');
    expect(run("JSON.ARRAPPEND", "doc", ".a", "1", "2")).toEqual(r.int(2));
    expect(run("JSON.ARRAPPEND", "doc", "b", "1")).toEqual(
      r.err(ERR.JSON_PATH_NOT_FOUND_OR("b", "not an array")),
    );
  });

  test("values are parsed before the key is looked at", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run("JSON.ARRAPPEND", "s", "$", "x")).toEqual(
      r.err("expected value at line 1 column 1"),
    );
    expect(run("JSON.ARRAPPEND", "s", "$", "1")).toEqual(r.err(ERR.WRONGTYPE));
    expect(run("JSON.ARRAPPEND", "nope", "$", "1")).toEqual(r.err(ERR.JSON_NO_SUCH_KEY));
    expect(run("JSON.ARRAPPEND", "nope", "$")).toEqual(r.err(ERR.WRONG_ARITY("json.arrappend")));
  });
});
