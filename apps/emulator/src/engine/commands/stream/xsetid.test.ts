import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

function counters(run: (...argv: string[]) => unknown) {
  const info = run("XINFO", "STREAM", "s") as { items: { value: unknown }[] };
  const values = info.items.map((item) => item.value);
  const at = (field: string) => values[values.indexOf(field) + 1];
  return {
    last: at("last-generated-id"),
    maxDeleted: at("max-deleted-entry-id"),
    added: at("entries-added"),
  };
}

describe("XSETID", () => {
  test("sets the last ID, and optionally the added count and largest deleted ID", ({ expect }) => {
    const { run } = createTestEngine();
    run("XADD", "s", "1-0", "a", "1");
    run("XADD", "s", "2-0", "a", "1");
    expect(run("XSETID", "s", "5")).toEqual(r.ok);
    expect(counters(run)).toEqual({ last: "5-0", maxDeleted: "0-0", added: 2 });
    expect(run("XADD", "s", "4-0", "a", "1")).toEqual(r.err(ERR.XADD_ID_TOO_SMALL));
    run("XSETID", "s", "7-0", "entriesadded", "9", "MAXDELETEDID", "6-0");
    expect(counters(run)).toEqual({ last: "7-0", maxDeleted: "6-0", added: 9 });
    expect(run("XSETID", "s", "5-9")).toEqual(r.err(ERR.XSETID_BELOW_MAX_DELETED));
  });

  test("an empty stream may move back, but not below the largest deleted ID", ({ expect }) => {
    const { run } = createTestEngine();
    run("XADD", "s", "5-0", "a", "1");
    run("XDEL", "s", "5-0");
    expect(run("XSETID", "s", "6-0", "ENTRIESADDED", "0")).toEqual(r.ok);
    expect(run("XSETID", "s", "4-0")).toEqual(r.err(ERR.XSETID_BELOW_MAX_DELETED));
  });

  test("entries-added can exceed 2^53", ({ expect }) => {
    const { run } = createTestEngine();
    run("XADD", "s", "1-0", "a", "1");
    run("XSETID", "s", "1-0", "ENTRIESADDED", "9223372036854775806");
    run("XADD", "s", "2-0", "a", "1");
    run("XADD", "s", "3-0", "a", "1");
    expect(counters(run).added).toBe(9223372036854775807n);
  });

  test("missing key and wrong type", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("XSETID", "s", "1-0")).toEqual(r.err(ERR.NO_SUCH_KEY));
    run("SET", "k", "v");
    expect(run("XSETID", "k", "1-0")).toEqual(r.err(ERR.WRONGTYPE));
  });

  test.for([
    [["XSETID", "s", "1-0"], ERR.XSETID_BELOW_TOP_ITEM],
    [["XSETID", "s", "+"], ERR.STREAM_ID_INVALID],
    [["XSETID", "s", "5-0", "ENTRIESADDED", "1"], ERR.XSETID_ENTRIES_ADDED_TOO_SMALL],
    [["XSETID", "s", "5-0", "ENTRIESADDED", "-1"], ERR.XSETID_ENTRIES_ADDED_NEGATIVE],
    [["XSETID", "s", "5-0", "ENTRIESADDED", "x"], ERR.NOT_INTEGER],
    [["XSETID", "s", "5-0", "MAXDELETEDID", "6-0"], ERR.XSETID_BELOW_GIVEN_MAX_DELETED],
    [["XSETID", "s", "5-0", "MAXDELETEDID", "x"], ERR.STREAM_ID_INVALID],
    [["XSETID", "s", "5-0", "ENTRIESADDED"], ERR.SYNTAX],
    [["XSETID", "s", "5-0", "FOO"], ERR.SYNTAX],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("XADD", "s", "1-0", "a", "1");
    run("XADD", "s", "2-0", "a", "1");
    expect(run(...argv)).toEqual(r.err(error));
  });
});
