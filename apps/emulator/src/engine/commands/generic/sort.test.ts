import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";
import { List } from "../../values/list.ts";
import { SortedSet } from "../../values/sorted-set.ts";

function engineWithList(values: string[]): ReturnType<typeof createTestEngine> {
  const engine = createTestEngine();
  engine.engine.databases[0]?.set("l", new List(values));
  return engine;
}

function sortedSet(entries: [string, number][]): SortedSet {
  const limits = { maxListpackEntries: 128, maxListpackValue: 64 };
  const set = SortedSet.create(limits, { size: entries.length, memberLength: 1 });
  for (const [member, score] of entries) {
    set.add(member, score, { flags: {}, limits });
  }
  return set;
}

describe("SORT", () => {
  test("numeric ascending by default, DESC, ties broken by the element", ({ expect }) => {
    const { run } = engineWithList(["3", "1", "2", "1.5", "-inf", "01"]);
    expect(run("SORT", "l")).toEqual(r.bulks("-inf", "01", "1", "1.5", "2", "3"));
    expect(run("SORT", "l", "DESC")).toEqual(r.bulks("3", "2", "1.5", "1", "01", "-inf"));
  });

  test("ALPHA sorts bytes", ({ expect }) => {
    const { run } = engineWithList(["b", "a", "C", "10", "9"]);
    expect(run("SORT", "l", "ALPHA")).toEqual(r.bulks("10", "9", "C", "a", "b"));
    expect(run("SORT", "l", "ALPHA", "DESC", "LIMIT", "0", "2")).toEqual(r.bulks("b", "a"));
  });

  test("LIMIT offset count with Redis's clamping", ({ expect }) => {
    const { run } = engineWithList(["5", "4", "3", "2", "1"]);
    expect(run("SORT", "l", "LIMIT", "1", "2")).toEqual(r.bulks("2", "3"));
    expect(run("SORT", "l", "LIMIT", "-1", "2")).toEqual(r.bulks("1", "2"));
    expect(run("SORT", "l", "LIMIT", "3", "-1")).toEqual(r.bulks("4", "5"));
    expect(run("SORT", "l", "LIMIT", "10", "2")).toEqual(r.arr());
    expect(run("SORT", "l", "LIMIT", "0", "0")).toEqual(r.arr());
  });

  test("a value that is not a number is an error unless ALPHA", ({ expect }) => {
    const { run } = engineWithList(["1", "x"]);
    expect(run("SORT", "l")).toEqual(r.err(ERR.SORT_NOT_DOUBLE));
    expect(run("SORT", "l", "ALPHA")).toEqual(r.bulks("1", "x"));
  });

  test("BY a string key pattern; missing weights count as 0", ({ expect }) => {
    const { run } = engineWithList(["a", "b", "c"]);
    run("SET", "w_a", "3");
    run("SET", "w_b", "1");
    expect(run("SORT", "l", "BY", "w_*")).toEqual(r.bulks("c", "b", "a"));
    run("SET", "n_a", "x");
    run("SET", "n_b", "y");
    expect(run("SORT", "l", "BY", "n_*", "ALPHA")).toEqual(r.bulks("c", "a", "b"));
  });

  test("BY and GET hash fields with ->", ({ expect }) => {
    const { run } = engineWithList(["1", "2"]);
    run("HSET", "user:1", "age", "40", "name", "ann");
    run("HSET", "user:2", "age", "30", "name", "bob");
    expect(run("SORT", "l", "BY", "user:*->age", "GET", "user:*->name", "GET", "#")).toEqual(
      r.bulks("bob", "2", "ann", "1"),
    );
    expect(run("SORT", "l", "GET", "user:*->nofield")).toEqual(r.arr(r.nil, r.nil));
  });

  test("BY a pattern without * does not sort", ({ expect }) => {
    const { run, engine } = engineWithList(["3", "1", "2"]);
    expect(run("SORT", "l", "BY", "nosort")).toEqual(r.bulks("3", "1", "2"));
    expect(run("SORT", "l", "BY", "nosort", "LIMIT", "1", "1")).toEqual(r.bulks("1"));
    engine.databases[0]?.set(
      "z",
      sortedSet([
        ["c", 3],
        ["a", 1],
        ["b", 2],
      ]),
    );
    expect(run("SORT", "z", "BY", "nosort")).toEqual(r.bulks("a", "b", "c"));
    expect(run("SORT", "z", "BY", "nosort", "DESC", "LIMIT", "0", "2")).toEqual(r.bulks("c", "b"));
  });

  test("GET strings; missing or non-string values are nil", ({ expect }) => {
    const { run } = engineWithList(["1", "2"]);
    run("SET", "obj_1", "one");
    expect(run("SORT", "l", "GET", "obj_*", "GET", "#", "GET", "fixed")).toEqual(
      r.arr(r.bulk("one"), r.bulk("1"), r.nil, r.nil, r.bulk("2"), r.nil),
    );
  });

  test("sorts sets and sorted sets by their values", ({ expect }) => {
    const { run, engine } = createTestEngine();
    run("SADD", "s", "10", "2", "33");
    engine.databases[0]?.set(
      "z",
      sortedSet([
        ["7", 1],
        ["5", 2],
      ]),
    );
    expect(run("SORT", "s")).toEqual(r.bulks("2", "10", "33"));
    expect(run("SORT", "z")).toEqual(r.bulks("5", "7"));
  });

  test("STORE writes a list (GET misses become empty) and answers the count", ({ expect }) => {
    const messages: unknown[] = [];
    const { run, engine } = engineWithList(["2", "1"]);
    run("CONFIG", "SET", "notify-keyspace-events", "El");
    const listener = engine.createSession({ address: "x", push: (m) => messages.push(m) });
    engine.execute(["SUBSCRIBE", "__keyevent@0__:sortstore"], listener);
    expect(run("SORT", "l", "STORE", "out")).toEqual(r.int(2));
    expect(run("LRANGE", "out", "0", "-1")).toEqual(r.bulks("1", "2"));
    expect(run("SORT", "l", "GET", "nope_*", "STORE", "out")).toEqual(r.int(2));
    expect(run("LRANGE", "out", "0", "-1")).toEqual(r.bulks("", ""));
    expect(messages).toHaveLength(2);
  });

  test("STORE of an empty result deletes the destination", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "out", "x");
    expect(run("SORT", "nope", "STORE", "out")).toEqual(r.int(0));
    expect(run("EXISTS", "out")).toEqual(r.int(0));
  });

  test("a set with BY nosort and STORE is sorted anyway (ALPHA), as Redis does", ({ expect }) => {
    const { run } = createTestEngine();
    run("SADD", "s", "b", "c", "a");
    run("SORT", "s", "BY", "nosort", "STORE", "out");
    expect(run("LRANGE", "out", "0", "-1")).toEqual(r.bulks("a", "b", "c"));
  });

  test("a missing key sorts as empty", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("SORT", "nope")).toEqual(r.arr());
  });

  test("COMMAND GETKEYS finds the STORE key", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("COMMAND", "GETKEYS", "SORT", "l", "LIMIT", "0", "1", "STORE", "out")).toEqual(
      r.bulks("l", "out"),
    );
    expect(run("COMMAND", "GETKEYS", "SORT", "l", "GET", "store")).toEqual(r.bulks("l"));
  });

  test.for([
    [["SORT", "str"], ERR.WRONGTYPE],
    [["SORT", "l", "LIMIT", "0"], ERR.SYNTAX],
    [["SORT", "l", "LIMIT", "a", "b"], ERR.NOT_INTEGER],
    [["SORT", "l", "BY"], ERR.SYNTAX],
    [["SORT", "l", "GET"], ERR.SYNTAX],
    [["SORT", "l", "STORE"], ERR.SYNTAX],
    [["SORT", "l", "FOO"], ERR.SYNTAX],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = engineWithList(["1"]);
    run("SET", "str", "v");
    expect(run(...argv)).toEqual(r.err(error));
  });
});
