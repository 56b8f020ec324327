import { describe, test, vi } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

const PRODUCTS =
  '[{"name":"Healthy headphones","description":"Wireless Bluetooth headphones with noise-cancelling technology","connection":{"wireless":true,"type":"Bluetooth"},"price":99.98,"stock":25,"colors":["black","silver"],"max_level":[60,70,80]},{"name":"Noisy headphones","description":"Wireless Bluetooth headphones with noise-cancelling technology","connection":{"wireless":true,"type":"Bluetooth"},"price":99.98,"stock":25,"colors":["black","silver"],"max_level":[80,90,100,120]}]';

describe("JSON.ARRPOP", () => {
  test("pops a value and inserts a new one (redis.io example)", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "key", "$", PRODUCTS);
    expect(run("JSON.GET", "key", "$.[1].max_level")).toEqual(r.bulk("[[80,90,100,120]]"));
    expect(run("JSON.ARRPOP", "key", "$.[1].max_level", "0")).toEqual(r.arr(r.bulk("80")));
    expect(run("JSON.GET", "key", "$.[1].max_level")).toEqual(r.bulk("[[90,100,120]]"));
    expect(run("JSON.ARRINSERT", "key", "$.[1].max_level", "0", "85")).toEqual(r.arr(r.int(4)));
    expect(run("JSON.GET", "key", "$.[1].max_level")).toEqual(r.bulk("[[85,90,100,120]]"));
  });

  test("default is the root's last element; indexes clamp to the ends", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", '[1,{"a":[2.0]},3,4,5]');
    expect(run("JSON.ARRPOP", "doc")).toEqual(r.bulk("5"));
    expect(run("JSON.ARRPOP", "doc", ".", "99")).toEqual(r.bulk("4"));
    expect(run("JSON.ARRPOP", "doc", ".", "-99")).toEqual(r.bulk("1"));
    // An index that is not an integer means -1.
    expect(run("JSON.ARRPOP", "doc", "$", "x")).toEqual(r.arr(r.bulk("3")));
    expect(run("JSON.ARRPOP", "doc", "$")).toEqual(r.arr(r.bulk('{"a":[2.0]}')));
    expect(run("JSON.ARRPOP", "doc", "$")).toEqual(r.arr(r.nil));
    expect(run("JSON.ARRPOP", "doc")).toEqual(r.nil);
  });

  test("non-arrays are nil; a legacy path with no array is an error", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", '{"a":[1],"b":"x"}');
    expect(run("JSON.ARRPOP", "doc", "$.*")).toEqual(r.arr(r.bulk("1"), r.nil));
    expect(run("JSON.ARRPOP", "doc", ".b")).toEqual(
      r.err(ERR.JSON_PATH_NOT_FOUND_OR("$.b", "not an array")),
    );
  });

  test("publishes json.arrpop when something was popped (legacy paths always)", ({ expect }) => {
    const { run, engine } = createTestEngine();
    run("JSON.SET", "doc", "$", "[]");
    const spy = vi.spyOn(engine, "notifyKeyspaceEvent");
    run("JSON.ARRPOP", "doc", "$");
    run("JSON.ARRPOP", "doc", ".");
    expect(spy.mock.calls.map(([event]) => event.event)).toEqual(["json.arrpop"]);
  });

  test.for([
    [["JSON.ARRPOP"], ERR.WRONG_ARITY("json.arrpop")],
    [["JSON.ARRPOP", "doc", "FORMAT", "EXPAND"], ERR.JSON_FORMAT_RESP2],
    [["JSON.ARRPOP", "doc", "FORMAT", "STRING"], ERR.JSON_WRONG_REPLY_FORMAT],
    [["JSON.ARRPOP", "doc", "format", "xml"], ERR.JSON_WRONG_REPLY_FORMAT],
    [["JSON.ARRPOP", "nope"], ERR.JSON_NO_SUCH_KEY],
    [["JSON.ARRPOP", "s"], ERR.WRONGTYPE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", "[]");
    run("SET", "s", "v");
    expect(run(...argv)).toEqual(r.err(error));
  });

  test("a lone FORMAT is the path", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "doc", "$", '{"FORMAT":[1]}');
    expect(run("JSON.ARRPOP", "doc", "FORMAT")).toEqual(r.bulk("1"));
  });
});
