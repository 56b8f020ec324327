import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

const entry = (id: string) => r.arr(r.bulk(id), r.bulks("a", "1"));

function seeded() {
  const engine = createTestEngine();
  for (let i = 1; i <= 3; i++) {
    engine.run("XADD", "s", `${i}-0`, "a", "1");
  }
  engine.run("XGROUP", "CREATE", "s", "g", "$");
  return engine;
}

describe("XGROUP SETID", () => {
  test("moves the group so entries are delivered again", ({ expect }) => {
    const { run } = seeded();
    expect(run("XGROUP", "SETID", "s", "g", "1")).toEqual(r.ok);
    expect(run("XREADGROUP", "GROUP", "g", "c", "STREAMS", "s", ">")).toEqual(
      r.arr(r.arr(r.bulk("s"), r.arr(entry("2-0"), entry("3-0")))),
    );
    // Delivering an entry that is already pending hands it over with a fresh count.
    run("XGROUP", "SETID", "s", "g", "-");
    run("XREADGROUP", "GROUP", "g", "d", "STREAMS", "s", ">");
    expect(run("XPENDING", "s", "g")).toEqual(
      r.arr(r.int(3), r.bulk("1-0"), r.bulk("3-0"), r.arr(r.bulks("d", "3"))),
    );
  });

  test("$ and + move to the end; ENTRIESREAD sets the counter", ({ expect }) => {
    const { run } = seeded();
    run("XGROUP", "SETID", "s", "g", "0", "ENTRIESREAD", "0");
    run("XGROUP", "SETID", "s", "g", "$");
    expect(run("XREADGROUP", "GROUP", "g", "c", "STREAMS", "s", ">")).toEqual(r.nilArray);
    run("XGROUP", "SETID", "s", "g", "+");
    expect(run("XINFO", "GROUPS", "s")).toMatchObject({
      items: [
        {
          items: expect.arrayContaining([r.bulk("18446744073709551615-18446744073709551615")]),
        },
      ],
    });
  });

  test("the key and the group must exist", ({ expect }) => {
    const { run } = seeded();
    expect(run("XGROUP", "SETID", "missing", "g", "0")).toEqual(r.err(ERR.XGROUP_KEY_REQUIRED));
    expect(run("XGROUP", "SETID", "s", "nog", "0")).toEqual(r.err(ERR.GROUP_NOT_FOUND("nog", "s")));
    run("SET", "k", "v");
    expect(run("XGROUP", "SETID", "k", "g", "0")).toEqual(r.err(ERR.WRONGTYPE));
  });

  test.for([
    [["XGROUP", "SETID", "s", "g", "bad"], ERR.STREAM_ID_INVALID],
    [["XGROUP", "SETID", "s", "g", "0", "MKSTREAM"], ERR.SUBCOMMAND_SYNTAX("SETID", "XGROUP")],
    [["XGROUP", "SETID", "s", "g", "0", "ENTRIESREAD"], ERR.SUBCOMMAND_SYNTAX("SETID", "XGROUP")],
    [["XGROUP", "SETID", "s", "g", "0", "ENTRIESREAD", "-5"], ERR.ENTRIESREAD_INVALID],
    [
      ["XGROUP", "SETID", "s", "g", "0", "ENTRIESREAD", "1", "ENTRIESREAD", "1"],
      ERR.SUBCOMMAND_SYNTAX("SETID", "XGROUP"),
    ],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = seeded();
    expect(run(...argv)).toEqual(r.err(error));
  });
});
