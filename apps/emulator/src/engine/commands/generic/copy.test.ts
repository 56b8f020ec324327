import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";
import { List } from "../../values/list.ts";

describe("COPY", () => {
  test("copies a string with its TTL; the source stays", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("SET", "src", "v", "PX", "1000");
    expect(run("COPY", "src", "dst")).toEqual(r.int(1));
    expect(run("GET", "dst")).toEqual(r.bulk("v"));
    expect(run("PTTL", "dst")).toEqual(r.int(1000));
    clock.advance(1000);
    expect(run("EXISTS", "src", "dst")).toEqual(r.int(0));
  });

  test("0 when the source is missing or the destination exists; REPLACE overwrites", ({
    expect,
  }) => {
    const { run } = createTestEngine();
    expect(run("COPY", "nope", "dst")).toEqual(r.int(0));
    run("SET", "src", "new");
    run("SET", "dst", "old", "EX", "100");
    expect(run("COPY", "src", "dst")).toEqual(r.int(0));
    expect(run("GET", "dst")).toEqual(r.bulk("old"));
    expect(run("COPY", "src", "dst", "replace")).toEqual(r.int(1));
    expect(run("GET", "dst")).toEqual(r.bulk("new"));
    expect(run("TTL", "dst")).toEqual(r.int(-1));
  });

  test("copies containers deeply and across databases", ({ expect }) => {
    const { run, engine } = createTestEngine();
    const list = new List(["a", "b"]);
    engine.databases[0]?.set("l", list);
    expect(run("COPY", "l", "l2", "DB", "3")).toEqual(r.int(1));
    const copied = engine.databases[3]?.get("l2");
    expect(copied).toBeInstanceOf(List);
    expect(copied).not.toBe(list);
    list.pushTail("c");
    expect((copied as List).length).toBe(2);
    run("SELECT", "3");
    expect(run("TYPE", "l2")).toEqual(r.simple("list"));
  });

  test("the same key in another database is allowed", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "k", "v");
    expect(run("COPY", "k", "k", "DB", "1")).toEqual(r.int(1));
  });

  test("publishes copy_to in the destination database", ({ expect }) => {
    const messages: unknown[] = [];
    const { run, engine } = createTestEngine({ config: { "notify-keyspace-events": "KEA" } });
    const listener = engine.createSession({ address: "x", push: (m) => messages.push(m) });
    engine.execute(["PSUBSCRIBE", "__key*@2__:*"], listener);
    run("SET", "k", "v");
    run("COPY", "k", "k2", "DB", "2");
    expect(messages).toContainEqual(
      r.arr(
        r.bulk("pmessage"),
        r.bulk("__key*@2__:*"),
        r.bulk("__keyevent@2__:copy_to"),
        r.bulk("k2"),
      ),
    );
  });

  test("the same key in the same database answers 0, as the service does", ({ expect }) => {
    // redis-server answers ERR source and destination objects are the same (docs/differences.md).
    const { run } = createTestEngine();
    run("SET", "k", "v");
    expect(run("COPY", "k", "k")).toEqual(r.int(0));
    expect(run("COPY", "k", "k", "REPLACE")).toEqual(r.int(0));
    expect(run("COPY", "k", "k", "DB", "0")).toEqual(r.int(0));
    expect(run("GET", "k")).toEqual(r.bulk("v"));
  });

  test.for([
    [["COPY", "k", "x", "DB", "abc"], ERR.NOT_INTEGER],
    [["COPY", "k", "x", "DB", "16"], ERR.DB_INDEX_OUT_OF_RANGE],
    [["COPY", "k", "x", "DB", "-1"], ERR.DB_INDEX_OUT_OF_RANGE],
    [["COPY", "k", "x", "DB"], ERR.SYNTAX],
    [["COPY", "k", "x", "FOO"], ERR.SYNTAX],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("SET", "k", "v");
    expect(run(...argv)).toEqual(r.err(error));
  });
});
