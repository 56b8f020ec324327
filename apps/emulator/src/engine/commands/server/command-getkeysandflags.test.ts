import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("COMMAND GETKEYSANDFLAGS", () => {
  const flagged = (key: string, ...flags: string[]) =>
    r.arr(r.bulk(key), r.arr(...flags.map((flag) => r.simple(flag))));

  test("each key with its key spec's flags", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("COMMAND", "GETKEYSANDFLAGS", "GET", "k")).toEqual(
      r.arr(flagged("k", "RO", "access")),
    );
    expect(run("COMMAND", "GETKEYSANDFLAGS", "LMOVE", "a", "b", "LEFT", "RIGHT")).toEqual(
      r.arr(flagged("a", "RW", "access", "delete"), flagged("b", "RW", "insert")),
    );
    expect(run("COMMAND", "GETKEYSANDFLAGS", "DEL", "a")).toEqual(
      r.arr(flagged("a", "RM", "delete")),
    );
    expect(run("COMMAND", "GETKEYSANDFLAGS", "PING", "x")).toEqual(r.err(ERR.NO_KEY_ARGUMENTS));
  });

  test("variable flags come from the command line (SET … GET, BITFIELD's operations)", ({
    expect,
  }) => {
    const { run } = createTestEngine();
    expect(run("COMMAND", "GETKEYSANDFLAGS", "SET", "k", "v")).toEqual(
      r.arr(flagged("k", "OW", "update")),
    );
    expect(run("COMMAND", "GETKEYSANDFLAGS", "SET", "k", "v", "GET")).toEqual(
      r.arr(flagged("k", "RW", "access", "update")),
    );
    expect(run("COMMAND", "GETKEYSANDFLAGS", "BITFIELD", "k", "GET", "u8", "0")).toEqual(
      r.arr(flagged("k", "RO", "access")),
    );
    expect(run("COMMAND", "GETKEYSANDFLAGS", "BITFIELD", "k", "SET", "u8", "0", "1")).toEqual(
      r.arr(flagged("k", "RW", "access", "update")),
    );
  });

  test("incomplete specs fall back to the command's own key finder (SORT, MIGRATE)", ({
    expect,
  }) => {
    const { run } = createTestEngine();
    expect(run("COMMAND", "GETKEYSANDFLAGS", "SORT", "k", "BY", "w_*", "STORE", "d")).toEqual(
      r.arr(flagged("k", "RO", "access"), flagged("d", "OW", "update")),
    );
    expect(
      run("COMMAND", "GETKEYSANDFLAGS", "MIGRATE", "h", "1", "", "0", "5", "KEYS", "a", "b"),
    ).toEqual(
      r.arr(flagged("a", "RW", "access", "delete"), flagged("b", "RW", "access", "delete")),
    );
    expect(run("COMMAND", "GETKEYS", "MIGRATE", "h", "1", "k", "0", "5", "KEYS", "a")).toEqual(
      r.err(ERR.INVALID_ARGUMENTS_FOR_COMMAND),
    );
    expect(run("COMMAND", "GETKEYSANDFLAGS", "PING", "x")).toEqual(r.err(ERR.NO_KEY_ARGUMENTS));
  });
});
