import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

const PRODUCTS =
  '[{"name":"Healthy headphones","description":"Wireless Bluetooth headphones with noise-cancelling technology","connection":{"wireless":true,"type":"Bluetooth"},"price":99.98,"stock":25,"colors":["black","silver"],"max_level":[60,70,80]},{"name":"Noisy headphones","description":"Wireless Bluetooth headphones with noise-cancelling technology","connection":{"wireless":true,"type":"Bluetooth"},"price":99.98,"stock":25,"colors":["black","silver"],"max_level":[80,90,100,120]}]'.replace(
    "[80,90,100,120]",
    "[85,90,100,120]",
  );

describe("JSON.ARRTRIM", () => {
  test("trims an array to a set of values (redis.io example)", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "key", "$", PRODUCTS);
    expect(
      run(
        "JSON.ARRAPPEND",
        "key",
        "$.[1].max_level",
        "140",
        "160",
        "180",
        "200",
        "220",
        "240",
        "260",
        "280",
      ),
    ).toEqual(r.arr(r.int(12)));
    expect(run("JSON.GET", "key", "$.[1].max_level")).toEqual(
      r.bulk("[[85,90,100,120,140,160,180,200,220,240,260,280]]"),
    );
    expect(run("JSON.ARRTRIM", "key", "$.[1].max_level", "4", "8")).toEqual(r.arr(r.int(5)));
    expect(run("JSON.GET", "key", "$.[1].max_level")).toEqual(r.bulk("[[140,160,180,200,220]]"));
  });

  test.for([
    ["0", "-1", "[0,1,2,3,4]"],
    ["1", "3", "[1,2,3]"],
    ["-2", "-1", "[3,4]"],
    ["-10", "1", "[0,1]"],
    ["2", "99", "[2,3,4]"],
    ["3", "1", "[]"],
    ["5", "9", "[]"],
    ["0", "0", "[0]"],
  ] as const)("[0..4] from %s to %s → %s", ([start, stop, result], { expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", "[0,1,2,3,4]");
    run("JSON.ARRTRIM", "doc", "$", start, stop);
    expect(run("JSON.GET", "doc")).toEqual(r.bulk(result));
  });

  test("non-arrays are nil; legacy paths answer the last length or an error", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", '{"a":[1,2,3],"b":1}');
    expect(run("JSON.ARRTRIM", "doc", "$.*", "0", "0")).toEqual(r.arr(r.int(1), r.nil));
    expect(run("JSON.ARRTRIM", "doc", ".a", "1", "1")).toEqual(r.int(0));
    expect(run("JSON.ARRTRIM", "doc", ".b", "0", "1")).toEqual(
      r.err(ERR.JSON_PATH_NOT_FOUND_OR("$.b", "not an array")),
    );
  });

  test.for([
    [["JSON.ARRTRIM", "doc", "$", "0"], ERR.WRONG_ARITY("json.arrtrim")],
    [["JSON.ARRTRIM", "doc", "$", "0", "x"], ERR.JSON_NOT_INTEGER],
    [["JSON.ARRTRIM", "nope", "$", "0", "1"], ERR.JSON_NO_SUCH_KEY],
    [["JSON.ARRTRIM", "s", "$", "0", "1"], ERR.WRONGTYPE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", "[]");
    run("SET", "s", "v");
    expect(run(...argv)).toEqual(r.err(error));
  });
});
