import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import type { Reply } from "../../reply.ts";
import { createTestEngine, r } from "../../test-support.ts";

function groupInfo([name, lastId, entriesRead, lag]: [string, string, Reply, Reply]): Reply {
  return r.arr(
    ...[r.bulk("name"), r.bulk(name), r.bulk("consumers"), r.int(0), r.bulk("pending"), r.int(0)],
    ...[r.bulk("last-delivered-id"), r.bulk(lastId), r.bulk("entries-read"), entriesRead],
    ...[r.bulk("lag"), lag],
  );
}

describe("XGROUP CREATE", () => {
  test("creates groups at an ID or at $", ({ expect }) => {
    const { run } = createTestEngine();
    run("XADD", "s", "1-0", "a", "1");
    run("XADD", "s", "2-0", "a", "1");
    expect(run("XGROUP", "CREATE", "s", "g", "0")).toEqual(r.ok);
    expect(run("XGROUP", "create", "s", "tail", "$")).toEqual(r.ok);
    expect(run("XGROUP", "CREATE", "s", "mid", "1")).toEqual(r.ok);
    expect(run("XINFO", "GROUPS", "s")).toEqual(
      r.arr(
        groupInfo(["g", "0-0", r.nil, r.int(2)]),
        groupInfo(["mid", "1-0", r.nil, r.int(1)]),
        groupInfo(["tail", "2-0", r.nil, r.int(0)]),
      ),
    );
  });

  test("MKSTREAM creates an empty stream; without it the key must exist", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("XGROUP", "CREATE", "s", "g", "$")).toEqual(r.err(ERR.XGROUP_KEY_REQUIRED));
    expect(run("XGROUP", "CREATE", "s", "g", "$", "MKSTREAM")).toEqual(r.ok);
    expect(run("XLEN", "s")).toEqual(r.int(0));
    expect(run("XGROUP", "CREATE", "s", "g", "0", "MKSTREAM")).toEqual(r.err(ERR.BUSYGROUP));
  });

  test("ENTRIESREAD sets the read counter, clamped to the entries added (Redis 8)", ({
    expect,
  }) => {
    const { run } = createTestEngine();
    for (let i = 1; i <= 3; i++) {
      run("XADD", "s", `${i}-0`, "a", "1");
    }
    run("XGROUP", "CREATE", "s", "g", "2-0", "ENTRIESREAD", "2");
    run("XGROUP", "CREATE", "s", "big", "3-0", "ENTRIESREAD", "99");
    run("XGROUP", "CREATE", "s", "none", "2-0", "ENTRIESREAD", "-1");
    // A group behind the first entry has everything left to read, whatever its counter says.
    run("XGROUP", "CREATE", "s", "behind", "0", "ENTRIESREAD", "1");
    expect(run("XINFO", "GROUPS", "s")).toEqual(
      r.arr(
        groupInfo(["behind", "0-0", r.int(1), r.int(3)]),
        groupInfo(["big", "3-0", r.int(3), r.int(0)]),
        groupInfo(["g", "2-0", r.int(2), r.int(1)]),
        groupInfo(["none", "2-0", r.nil, r.nil]),
      ),
    );
  });

  test("publishes xgroup-create", ({ expect }) => {
    const { run, engine } = createTestEngine({ config: { "notify-keyspace-events": "Et" } });
    const messages: Reply[] = [];
    const listener = engine.createSession({ address: "x", push: (m) => messages.push(m) });
    engine.pubsub.subscribe(listener, "__keyevent@0__:xgroup-create");
    run("XGROUP", "CREATE", "s", "g", "$", "MKSTREAM");
    expect(messages).toEqual([
      r.arr(r.bulk("message"), r.bulk("__keyevent@0__:xgroup-create"), r.bulk("s")),
    ]);
  });

  test("wrong type", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "k", "v");
    expect(run("XGROUP", "CREATE", "k", "g", "0", "MKSTREAM")).toEqual(r.err(ERR.WRONGTYPE));
  });

  test.for([
    [["XGROUP", "CREATE", "s", "g", "bad"], ERR.STREAM_ID_INVALID],
    [["XGROUP", "CREATE", "s", "g", "-"], ERR.STREAM_ID_INVALID],
    [["XGROUP", "CREATE", "s", "g", "0", "FOO"], ERR.SUBCOMMAND_SYNTAX("CREATE", "XGROUP")],
    [["XGROUP", "CREATE", "s", "g", "0", "ENTRIESREAD"], ERR.SUBCOMMAND_SYNTAX("CREATE", "XGROUP")],
    [["XGROUP", "CREATE", "s", "g", "0", "ENTRIESREAD", "x"], ERR.NOT_INTEGER],
    [["XGROUP", "CREATE", "s", "g", "0", "ENTRIESREAD", "-2"], ERR.ENTRIESREAD_INVALID],
    [
      ["XGROUP", "CREATE", "s", "g", "0", "MKSTREAM", "MKSTREAM", "MKSTREAM", "MKSTREAM"],
      ERR.SUBCOMMAND_SYNTAX("CREATE", "XGROUP"),
    ],
    [["XGROUP", "CREATE", "s", "g"], ERR.WRONG_ARITY("xgroup|create")],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("XADD", "s", "1-0", "a", "1");
    expect(run(...argv)).toEqual(r.err(error));
    expect(run("XINFO", "GROUPS", "s")).toEqual(r.arr());
  });
});
