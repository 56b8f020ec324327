import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import type { Reply } from "../../reply.ts";
import { createTestEngine, r } from "../../test-support.ts";

const entry = (id: string, ...fieldsAndValues: string[]): Reply =>
  r.arr(r.bulk(id), r.bulks(...fieldsAndValues));

const itemsOf = (reply: Reply): readonly Reply[] => (reply.kind === "array" ? reply.items : []);

function groupInfo(group: {
  pending: number;
  lastId: string;
  entriesRead: number;
  lag: number;
}): Reply {
  return r.arr(
    ...[r.bulk("name"), r.bulk("g"), r.bulk("consumers"), r.int(1)],
    ...[r.bulk("pending"), r.int(group.pending), r.bulk("last-delivered-id"), r.bulk(group.lastId)],
    ...[r.bulk("entries-read"), r.int(group.entriesRead), r.bulk("lag"), r.int(group.lag)],
  );
}

describe("XADD", () => {
  test("appends entries with explicit IDs and creates the key", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("XADD", "s", "1-1", "a", "1", "b", "\u0000\u00ff")).toEqual(r.bulk("1-1"));
    expect(run("XADD", "s", "2", "c", "3")).toEqual(r.bulk("2-0"));
    expect(run("TYPE", "s")).toEqual(r.simple("stream"));
    expect(run("XRANGE", "s", "-", "+")).toEqual(
      r.arr(entry("1-1", "a", "1", "b", "\u0000\u00ff"), entry("2-0", "c", "3")),
    );
  });

  test("* takes the command time, or the last ID's successor when the clock is behind", ({
    expect,
  }) => {
    const { run, clock } = createTestEngine();
    const now = clock.now();
    expect(run("XADD", "s", "*", "a", "1")).toEqual(r.bulk(`${now}-0`));
    expect(run("XADD", "s", "*", "a", "1")).toEqual(r.bulk(`${now}-1`));
    clock.advance(5);
    expect(run("XADD", "s", "*", "a", "1")).toEqual(r.bulk(`${now + 5}-0`));
    run("XADD", "t", `${now + 100}-7`, "a", "1");
    expect(run("XADD", "t", "*", "a", "1")).toEqual(r.bulk(`${now + 100}-8`));
  });

  test("* across 2^53: sequences and milliseconds beyond it take the exact path", ({ expect }) => {
    const { run, clock } = createTestEngine();
    const now = clock.now();
    // The last sequence that is still a safe double, then the ones past it.
    run("XADD", "s", `${now}-9007199254740990`, "a", "1");
    expect(run("XADD", "s", "*", "a", "2")).toEqual(r.bulk(`${now}-9007199254740991`));
    expect(run("XADD", "s", "*", "a", "3")).toEqual(r.bulk(`${now}-9007199254740992`));
    expect(run("XADD", "s", "*", "a", "4")).toEqual(r.bulk(`${now}-9007199254740993`));
    expect(run("XRANGE", "s", `${now}-9007199254740992`, "+")).toEqual(
      r.arr(entry(`${now}-9007199254740992`, "a", "3"), entry(`${now}-9007199254740993`, "a", "4")),
    );
    expect(run("XREVRANGE", "s", "+", "-", "COUNT", "1")).toEqual(
      r.arr(entry(`${now}-9007199254740993`, "a", "4")),
    );
    // XSETID moves the last ID far ahead: * continues from it, and back below it is refused.
    run("XSETID", "s", "18446744073709551614-5");
    expect(run("XADD", "s", "*", "a", "5")).toEqual(r.bulk("18446744073709551614-6"));
    expect(itemsOf(run("XINFO", "STREAM", "s"))).toContainEqual(r.bulk("18446744073709551614-6"));
    run("XADD", "t", "*", "a", "1");
    run("XSETID", "t", `${now + 50}-3`);
    expect(run("XADD", "t", "*", "a", "2")).toEqual(r.bulk(`${now + 50}-4`));
    expect(itemsOf(run("XINFO", "STREAM", "t"))).toContainEqual(r.bulk(`${now + 50}-4`));
  });

  test("ms-* continues the sequence within the millisecond and starts at 0 otherwise", ({
    expect,
  }) => {
    const { run } = createTestEngine();
    expect(run("XADD", "s", "0-*", "a", "1")).toEqual(r.bulk("0-1"));
    expect(run("XADD", "s", "5-*", "a", "1")).toEqual(r.bulk("5-0"));
    expect(run("XADD", "s", "5-*", "a", "1")).toEqual(r.bulk("5-1"));
    expect(run("XADD", "s", "4-*", "a", "1")).toEqual(r.err(ERR.XADD_ID_TOO_SMALL));
  });

  test("IDs cover the full unsigned 64-bit range", ({ expect }) => {
    const { run } = createTestEngine();
    const max = "18446744073709551615";
    expect(run("XADD", "s", `9007199254740993-${max}`, "a", "1")).toEqual(
      r.bulk(`9007199254740993-${max}`),
    );
    expect(run("XADD", "s", "9007199254740993-*", "a", "1")).toEqual(r.err(ERR.XADD_ID_TOO_SMALL));
    expect(run("XADD", "s", "*", "a", "1")).toEqual(r.bulk("9007199254740994-0"));
    expect(run("XADD", "s", `${max}-${max}`, "a", "1")).toEqual(r.bulk(`${max}-${max}`));
    expect(run("XADD", "s", "*", "a", "1")).toEqual(r.err(ERR.XADD_ID_EXHAUSTED));
    expect(run("XADD", "s", "18446744073709551616-0", "a", "1")).toEqual(
      r.err(ERR.STREAM_ID_INVALID),
    );
  });

  test("NOMKSTREAM answers nil for a missing key and adds to an existing one", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("XADD", "s", "NOMKSTREAM", "1-1", "a", "1")).toEqual(r.nil);
    expect(run("EXISTS", "s")).toEqual(r.int(0));
    run("XADD", "s", "1-1", "a", "1");
    expect(run("XADD", "s", "nomkstream", "2-1", "a", "1")).toEqual(r.bulk("2-1"));
  });

  test("MAXLEN and MINID trim exactly with = and without an operator", ({ expect }) => {
    const { run } = createTestEngine();
    for (let i = 1; i <= 5; i++) {
      run("XADD", "s", `${i}-0`, "a", String(i));
    }
    expect(run("XADD", "s", "MAXLEN", "3", "6-0", "a", "6")).toEqual(r.bulk("6-0"));
    expect(run("XLEN", "s")).toEqual(r.int(3));
    run("XADD", "s", "MINID", "=", "6", "7-0", "a", "7");
    expect(run("XRANGE", "s", "-", "+")).toEqual(
      r.arr(entry("6-0", "a", "6"), entry("7-0", "a", "7")),
    );
    run("XADD", "s", "MAXLEN", "0", "8-0", "a", "8");
    expect(run("XLEN", "s")).toEqual(r.int(0));
    expect(run("XINFO", "STREAM", "s")).toMatchObject({ kind: "array" });
  });

  test("~ trims to the threshold, at most LIMIT entries (service behaviour)", ({ expect }) => {
    const { run } = createTestEngine();
    for (let i = 1; i <= 1000; i++) {
      run("XADD", "s", `${i}-0`, "a", "1");
    }
    run("XADD", "s", "MAXLEN", "~", "30", "1001-0", "a", "1");
    expect(run("XLEN", "s")).toEqual(r.int(30));
    run("XADD", "s", "MAXLEN", "~", "5", "LIMIT", "10", "1002-0", "a", "1");
    expect(run("XLEN", "s")).toEqual(r.int(21));
    run("XADD", "s", "MINID", "~", "1000", "LIMIT", "0", "1003-0", "a", "1");
    expect(run("XRANGE", "s", "-", "+", "COUNT", "1")).toEqual(r.arr(entry("1000-0", "a", "1")));
  });

  test("KEEPREF, DELREF and ACKED decide what trimming does to pending entries", ({ expect }) => {
    const { run } = createTestEngine();
    for (let i = 1; i <= 4; i++) {
      run("XADD", "s", `${i}-0`, "a", "1");
    }
    run("XGROUP", "CREATE", "s", "g", "0");
    run("XREADGROUP", "GROUP", "g", "c", "COUNT", "2", "STREAMS", "s", ">");
    // ACKED keeps what the group has pending (1, 2) or not yet read (3, 4).
    run("XADD", "s", "ACKED", "MAXLEN", "0", "5-0", "a", "1");
    expect(run("XLEN", "s")).toEqual(r.int(5));
    run("XACK", "s", "g", "1-0");
    run("XADD", "s", "ACKED", "MAXLEN", "0", "6-0", "a", "1");
    expect(run("XRANGE", "s", "-", "+", "COUNT", "1")).toEqual(r.arr(entry("2-0", "a", "1")));
    // KEEPREF leaves the PEL alone, DELREF cleans it.
    run("XADD", "s", "MAXLEN", "5", "7-0", "a", "1");
    expect(run("XINFO", "GROUPS", "s")).toEqual(
      r.arr(groupInfo({ pending: 1, lastId: "2-0", entriesRead: 2, lag: 5 })),
    );
    // 2-0 stays pending though trimmed (KEEPREF); DELREF drops the reference to 3-0 it trims.
    run("XREADGROUP", "GROUP", "g", "c", "COUNT", "1", "STREAMS", "s", ">");
    expect(run("XPENDING", "s", "g", "-", "+", "10", "c")).toMatchObject({ items: { length: 2 } });
    run("XADD", "s", "DELREF", "MAXLEN", "0", "8-0", "a", "1");
    expect(run("XPENDING", "s", "g")).toEqual(
      r.arr(r.int(1), r.bulk("2-0"), r.bulk("2-0"), r.arr(r.bulks("c", "1"))),
    );
  });

  test("logs the generated ID and, after ~, the exact trim it did", ({ expect }) => {
    const effects: (readonly string[])[] = [];
    const { run, clock } = createTestEngine({
      onEffects: (batch) => effects.push(...batch.map((effect) => effect.argv)),
    });
    run("XADD", "s", "9-*", "a", "1");
    for (let i = 10; i < 20; i++) {
      run("XADD", "s", `${i}-0`, "a", "1");
    }
    effects.length = 0;
    run("XADD", "s", "MAXLEN", "~", "5", "LIMIT", "100", "*", "a", "1");
    run("XADD", "s", "KEEPREF", "MINID", "~", "17", "*", "a", "1");
    expect(effects).toEqual([
      ["XADD", "s", "MAXLEN", "=", "5", `${clock.now()}-0`, "a", "1"],
      ["XADD", "s", "KEEPREF", "MINID", "=", "17-0", `${clock.now()}-1`, "a", "1"],
    ]);
  });

  test("a missing key with a bad option changes nothing", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("XADD", "s", "MAXLEN", "x", "1-0", "a", "1")).toEqual(r.err(ERR.NOT_INTEGER));
    expect(run("EXISTS", "s")).toEqual(r.int(0));
  });

  test("wrong type", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "k", "v");
    expect(run("XADD", "k", "*", "a", "1")).toEqual(r.err(ERR.WRONGTYPE));
  });

  test("an expired key starts a new stream", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("XADD", "s", "5-0", "a", "1");
    run("PEXPIRE", "s", "100");
    clock.advance(100);
    expect(run("XADD", "s", "1-0", "a", "1")).toEqual(r.bulk("1-0"));
  });

  test.for([
    [["XADD", "s", "1-0", "a"], ERR.WRONG_ARITY("xadd")],
    [["XADD", "s", "1-0", "a", "1", "b"], ERR.WRONG_ARITY("xadd")],
    [["XADD", "s", "MAXLEN", "1", "*"], ERR.WRONG_ARITY("xadd")],
    [["XADD", "s", "0-0", "a", "1"], ERR.XADD_ID_ZERO],
    [["XADD", "s", "0", "a", "1"], ERR.XADD_ID_ZERO],
    [["XADD", "s", "x", "a", "1"], ERR.STREAM_ID_INVALID],
    [["XADD", "s", "-", "a", "1"], ERR.STREAM_ID_INVALID],
    [["XADD", "s", "1-x", "a", "1"], ERR.STREAM_ID_INVALID],
    [["XADD", "s", "MAXLEN", "-1", "*", "a", "1"], ERR.STREAM_MAXLEN_NEGATIVE],
    [["XADD", "s", "MAXLEN", "1", "MINID", "1", "*", "a", "1"], ERR.STREAM_MAXLEN_AND_MINID],
    [["XADD", "s", "MINID", "x", "*", "a", "1"], ERR.STREAM_ID_INVALID],
    [["XADD", "s", "LIMIT", "5", "*", "a", "1"], ERR.STREAM_LIMIT_WITHOUT_STRATEGY],
    [["XADD", "s", "MAXLEN", "1", "LIMIT", "5", "*", "a", "1"], ERR.STREAM_LIMIT_WITHOUT_APPROX],
    [["XADD", "s", "MAXLEN", "~", "1", "LIMIT", "-1", "*", "a", "1"], ERR.STREAM_LIMIT_NEGATIVE],
    [["XADD", "s", "KEEPREF", "ACKED", "*", "a", "1"], ERR.STREAM_ID_INVALID],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    expect(run(...argv)).toEqual(r.err(error));
    expect(run("EXISTS", "s")).toEqual(r.int(0));
  });
});
