import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

const ITEM =
  '{"name":"Wireless earbuds","description":"Wireless Bluetooth in-ear headphones","connection":{"wireless":true,"type":"Bluetooth"},"price":64.99,"stock":17,"colors":["black","white"], "max_level":[80, 100, 120]}';

describe("JSON.RESP", () => {
  test("the document in RESP form (redis.io example)", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "item:2", "$", ITEM);
    expect(run("JSON.RESP", "item:2")).toEqual(
      r.arr(
        r.simple("{"),
        r.bulk("name"),
        r.bulk("Wireless earbuds"),
        r.bulk("description"),
        r.bulk("Wireless Bluetooth in-ear headphones"),
        r.bulk("connection"),
        r.arr(
          r.simple("{"),
          r.bulk("wireless"),
          r.simple("true"),
          r.bulk("type"),
          r.bulk("Bluetooth"),
        ),
        r.bulk("price"),
        // Redis 8 prints doubles shortest-round-trip; the page shows 7.0's "64.989999999999995".
        r.bulk("64.99"),
        r.bulk("stock"),
        r.int(17),
        r.bulk("colors"),
        r.arr(r.simple("["), r.bulk("black"), r.bulk("white")),
        r.bulk("max_level"),
        r.arr(r.simple("["), r.int(80), r.int(100), r.int(120)),
      ),
    );
  });

  test("JSONPath gives one reply per match; null is nil", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", '{"a":null,"b":[false],"c":2.0}');
    expect(run("JSON.RESP", "doc", "$.*")).toEqual(
      r.arr(r.nil, r.arr(r.simple("["), r.simple("false")), r.bulk("2")),
    );
    expect(run("JSON.RESP", "doc", ".a")).toEqual(r.nil);
    expect(run("JSON.RESP", "doc", ".x")).toEqual(r.err(ERR.JSON_PATH_NOT_FOUND("$.x")));
  });

  test("missing key, wrong type, arity", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("JSON.RESP", "nope")).toEqual(r.nil);
    run("SET", "s", "v");
    expect(run("JSON.RESP", "s")).toEqual(r.err(ERR.WRONGTYPE));
    expect(run("JSON.RESP")).toEqual(r.err(ERR.WRONG_ARITY("json.resp")));
  });
});
