import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

const failed = (name: string, reason: string): string =>
  `ERR CONFIG SET failed (possibly related to argument '${name}') - ${reason}`;

describe("CONFIG SET", () => {
  test("sets and normalises values", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("CONFIG", "SET", "maxmemory", "1mb", "maxmemory-policy", "ALLKEYS-LRU")).toEqual(
      r.ok,
    );
    expect(run("CONFIG", "GET", "maxmemory*")).toEqual(
      r.bulks(
        "maxmemory",
        "1048576",
        "maxmemory-policy",
        "allkeys-lru",
        "maxmemory-samples",
        "5",
        "maxmemory-eviction-tenacity",
        "10",
        "maxmemory-clients",
        "0",
      ),
    );
    run("CONFIG", "SET", "hz", "501");
    expect(run("CONFIG", "GET", "hz")).toEqual(r.bulks("hz", "500"));
    run("CONFIG", "SET", "notify-keyspace-events", "KEA");
    expect(run("CONFIG", "GET", "notify-keyspace-events")).toEqual(
      r.bulks("notify-keyspace-events", "AKE"),
    );
  });

  test("all or nothing", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("CONFIG", "SET", "hz", "20", "maxmemory", "lots")).toEqual(
      r.err(failed("maxmemory", "argument must be a memory value")),
    );
    expect(run("CONFIG", "GET", "hz")).toEqual(r.bulks("hz", "10"));
  });

  test.for([
    [
      ["CONFIG", "SET", "nope", "1"],
      "ERR Unknown option or number of arguments for CONFIG SET - 'nope'",
    ],
    [
      ["CONFIG", "SET", "hz", "abc", "nope", "1"],
      "ERR Unknown option or number of arguments for CONFIG SET - 'nope'",
    ],
    [["CONFIG", "SET", "hz", "5", "HZ", "6"], failed("HZ", "duplicate parameter")],
    [
      ["CONFIG", "SET", "list-max-listpack-size", "1", "list-max-ziplist-size", "2"],
      failed("list-max-ziplist-size", "duplicate parameter"),
    ],
    [["CONFIG", "SET", "databases", "3"], failed("databases", "can't set immutable config")],
    [["CONFIG", "SET", "dir", "/tmp"], failed("dir", "can't set protected config")],
    [["CONFIG", "SET", "hz", "abc"], failed("hz", "argument couldn't be parsed into an integer")],
    [
      ["CONFIG", "SET", "maxclients", "0"],
      failed("maxclients", "argument must be between 1 and 4294967295 inclusive"),
    ],
    [
      ["CONFIG", "SET", "appendonly", "maybe"],
      failed("appendonly", "argument must be 'yes' or 'no'"),
    ],
    [
      ["CONFIG", "SET", "appendfsync", "foo"],
      failed("appendfsync", "argument(s) must be one of the following: everysec, always, no"),
    ],
    [
      ["CONFIG", "SET", "notify-keyspace-events", "Q"],
      failed("notify-keyspace-events", "Invalid event class character. Use 'Ag$lshzxeKEtmdn'."),
    ],
    [
      ["CONFIG", "SET", "proto-max-bulk-len", "1"],
      failed(
        "proto-max-bulk-len",
        "argument must be between 1048576 and 9223372036854775807 inclusive",
      ),
    ],
    [["CONFIG", "SET", "save", "abc"], failed("save", "Invalid save parameters")],
    [["CONFIG", "SET", "hz", "5", "maxmemory"], ERR.WRONG_ARITY("config|set")],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    expect(run(...argv)).toEqual(r.err(error));
  });

  test("notify-keyspace-events switches keyspace notifications on and off", ({ expect }) => {
    const messages: unknown[] = [];
    const { run, engine, clock } = createTestEngine();
    const listener = engine.createSession({ address: "x", push: (m) => messages.push(m) });
    engine.execute(["PSUBSCRIBE", "__keyevent@0__:*"], listener);
    const events = (): string[] =>
      messages.map((m) => {
        const items = (m as { items: { value: string }[] }).items;
        return `${items[2]?.value.replace("__keyevent@0__:", "")} ${items[3]?.value}`;
      });
    run("SET", "a", "1");
    run("DEL", "a");
    expect(events()).toEqual([]);
    expect(run("CONFIG", "SET", "notify-keyspace-events", "Egx")).toEqual(r.ok);
    run("SET", "a", "1");
    run("SET", "b", "2");
    run("DEL", "a");
    run("EXPIRE", "b", "1");
    run("RENAME", "b", "c");
    clock.advance(1000);
    run("GET", "c");
    expect(events()).toEqual(["del a", "expire b", "rename_from b", "rename_to c", "expired c"]);
    run("CONFIG", "SET", "notify-keyspace-events", "");
    run("SET", "d", "1");
    run("DEL", "d");
    expect(events()).toHaveLength(5);
  });
});
