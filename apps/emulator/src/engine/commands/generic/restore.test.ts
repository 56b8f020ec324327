import { describe, test } from "vitest";
import { DUMP_CODECS } from "../../dump/index.ts";
import { dumpValue, framePayload } from "../../dump-format.ts";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

const HELLO = dumpValue("hello", { codecs: DUMP_CODECS }) ?? "";

describe("RESTORE", () => {
  test("creates the key from a DUMP payload", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("RESTORE", "k", "0", HELLO)).toEqual(r.ok);
    expect(run("GET", "k")).toEqual(r.bulk("hello"));
    expect(run("TTL", "k")).toEqual(r.int(-1));
  });

  test("reads payloads produced by Redis 7.0 (RDB 10): raw, integer and LZF strings", ({
    expect,
  }) => {
    const { run } = createTestEngine();
    const payloads = {
      raw: "\x00\x05hello\n\x00cr\xdfve4 \n",
      int: "\x00\xc0*\n\x00\x81\xfb\\\xfa\x86cOP",
      lzf: "\x00\xc3\t2\x01xx\xe0%\x00\x01xx\n\x00\xbc\xb8\x0b\xdd\xa0pk\xe7",
    };
    expect(run("RESTORE", "raw", "0", payloads.raw)).toEqual(r.ok);
    expect(run("RESTORE", "int", "0", payloads.int)).toEqual(r.ok);
    expect(run("RESTORE", "lzf", "0", payloads.lzf)).toEqual(r.ok);
    expect(run("MGET", "raw", "int", "lzf")).toEqual(r.bulks("hello", "42", "x".repeat(50)));
  });

  test("a relative TTL in ms, or an absolute one with ABSTTL", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("RESTORE", "a", "1000", HELLO);
    run("RESTORE", "b", String(clock.now() + 2000), HELLO, "ABSTTL");
    expect(run("PTTL", "a")).toEqual(r.int(1000));
    expect(run("PTTL", "b")).toEqual(r.int(2000));
    clock.advance(1000);
    expect(run("EXISTS", "a", "b")).toEqual(r.int(1));
  });

  test("BUSYKEY unless REPLACE", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "k", "old");
    expect(run("RESTORE", "k", "0", HELLO)).toEqual(r.err(ERR.BUSYKEY));
    expect(run("RESTORE", "k", "0", HELLO, "REPLACE")).toEqual(r.ok);
    expect(run("GET", "k")).toEqual(r.bulk("hello"));
  });

  test("an already expired ABSTTL creates nothing, but REPLACE still deletes", ({ expect }) => {
    const effects: unknown[] = [];
    const { run } = createTestEngine({ onEffects: (batch) => effects.push(...batch) });
    expect(run("RESTORE", "k", "1", HELLO, "ABSTTL")).toEqual(r.ok);
    expect(run("EXISTS", "k")).toEqual(r.int(0));
    run("SET", "k", "old");
    effects.length = 0;
    expect(run("RESTORE", "k", "1", HELLO, "ABSTTL", "REPLACE")).toEqual(r.ok);
    expect(run("EXISTS", "k")).toEqual(r.int(0));
    expect(effects).toEqual([{ db: 0, argv: ["DEL", "k"] }]);
  });

  test("IDLETIME and FREQ are accepted (not tracked)", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("RESTORE", "a", "0", HELLO, "IDLETIME", "100")).toEqual(r.ok);
    expect(run("RESTORE", "b", "0", HELLO, "FREQ", "255")).toEqual(r.ok);
  });

  test("logs the absolute TTL", ({ expect }) => {
    const effects: unknown[] = [];
    const { run, clock } = createTestEngine({ onEffects: (batch) => effects.push(...batch) });
    run("SET", "k", "x");
    run("RESTORE", "k", "500", HELLO, "REPLACE");
    expect(effects.at(-1)).toEqual({
      db: 0,
      argv: ["RESTORE", "k", String(clock.now() + 500), HELLO, "REPLACE", "ABSTTL"],
    });
  });

  test("publishes restore", ({ expect }) => {
    const messages: unknown[] = [];
    const { run, engine } = createTestEngine({ config: { "notify-keyspace-events": "Eg" } });
    const listener = engine.createSession({ address: "x", push: (m) => messages.push(m) });
    engine.execute(["SUBSCRIBE", "__keyevent@0__:restore"], listener);
    run("RESTORE", "k", "0", HELLO);
    expect(messages).toEqual([
      r.arr(r.bulk("message"), r.bulk("__keyevent@0__:restore"), r.bulk("k")),
    ]);
  });

  test.for([
    [["RESTORE", "k", "0", "x"], ERR.DUMP_PAYLOAD],
    [["RESTORE", "k", "0", `${HELLO.slice(0, -1)}!`], ERR.DUMP_PAYLOAD],
    [["RESTORE", "k", "-1", "x"], ERR.INVALID_TTL],
    [["RESTORE", "k", "abc", "x"], ERR.NOT_INTEGER],
    [["RESTORE", "k", "0", "x", "IDLETIME", "-1"], ERR.INVALID_IDLETIME],
    [["RESTORE", "k", "0", "x", "FREQ", "256"], ERR.INVALID_FREQ],
    [["RESTORE", "k", "0", "x", "FREQ", "-1"], ERR.INVALID_FREQ],
    [["RESTORE", "k", "0", "x", "IDLETIME", "1", "FREQ", "1"], ERR.SYNTAX],
    [["RESTORE", "k", "0", "x", "FREQ", "1", "IDLETIME", "1"], ERR.SYNTAX],
    [["RESTORE", "k", "0", "x", "IDLETIME"], ERR.SYNTAX],
    [["RESTORE", "k", "0", "x", "REPLACE", "foo"], ERR.SYNTAX],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    expect(run(...argv)).toEqual(r.err(error));
    expect(run("EXISTS", "k")).toEqual(r.int(0));
  });

  test("options are checked before BUSYKEY, BUSYKEY before the TTL and the payload", ({
    expect,
  }) => {
    const { run } = createTestEngine();
    run("SET", "k", "v");
    expect(run("RESTORE", "k", "0", "x", "FREQ", "300")).toEqual(r.err(ERR.INVALID_FREQ));
    expect(run("RESTORE", "k", "-5", "x")).toEqual(r.err(ERR.BUSYKEY));
  });

  test("a valid checksum over a malformed body is Bad data format", ({ expect }) => {
    const { run } = createTestEngine();
    // A string whose length byte (9) promises more than the 5 bytes that follow.
    expect(run("RESTORE", "k", "0", framePayload("\u0000\u0009hello"))).toEqual(
      r.err(ERR.BAD_DATA_FORMAT),
    );
    // An RDB type no codec reads.
    expect(run("RESTORE", "k", "0", framePayload("\u0063\u0000"))).toEqual(
      r.err(ERR.BAD_DATA_FORMAT),
    );
  });
});
