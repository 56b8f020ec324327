import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import type { Reply } from "../../reply.ts";
import { createTestEngine, r } from "../../test-support.ts";

function group(fields: {
  name: string;
  consumers: number;
  pending: number;
  lastId: string;
  entriesRead: Reply;
  lag: Reply;
}): Reply {
  return r.arr(
    ...[r.bulk("name"), r.bulk(fields.name), r.bulk("consumers"), r.int(fields.consumers)],
    ...[
      r.bulk("pending"),
      r.int(fields.pending),
      r.bulk("last-delivered-id"),
      r.bulk(fields.lastId),
    ],
    ...[r.bulk("entries-read"), fields.entriesRead, r.bulk("lag"), fields.lag],
  );
}

describe("XINFO GROUPS", () => {
  test("lists groups by name with their read counter and lag", ({ expect }) => {
    const { run } = createTestEngine();
    for (let i = 1; i <= 5; i++) {
      run("XADD", "s", `${i}-0`, "a", "1");
    }
    run("XGROUP", "CREATE", "s", "b", "0");
    run("XGROUP", "CREATE", "s", "a", "0");
    run("XREADGROUP", "GROUP", "a", "c", "COUNT", "2", "STREAMS", "s", ">");
    expect(run("XINFO", "GROUPS", "s")).toEqual(
      r.arr(
        group({
          name: "a",
          consumers: 1,
          pending: 2,
          lastId: "2-0",
          entriesRead: r.int(2),
          lag: r.int(3),
        }),
        group({
          name: "b",
          consumers: 0,
          pending: 0,
          lastId: "0-0",
          entriesRead: r.nil,
          lag: r.int(5),
        }),
      ),
    );
  });

  test("lag is unknown after a deletion ahead of the group, and known again past it", ({
    expect,
  }) => {
    const { run } = createTestEngine();
    for (let i = 1; i <= 5; i++) {
      run("XADD", "s", `${i}-0`, "a", "1");
    }
    run("XGROUP", "CREATE", "s", "g", "0");
    run("XREADGROUP", "GROUP", "g", "c", "COUNT", "1", "STREAMS", "s", ">");
    run("XDEL", "s", "3-0");
    expect(run("XINFO", "GROUPS", "s")).toEqual(
      r.arr(
        group({
          name: "g",
          consumers: 1,
          pending: 1,
          lastId: "1-0",
          entriesRead: r.int(1),
          lag: r.nil,
        }),
      ),
    );
    run("XREADGROUP", "GROUP", "g", "c", "STREAMS", "s", ">");
    expect(run("XINFO", "GROUPS", "s")).toEqual(
      r.arr(
        group({
          name: "g",
          consumers: 1,
          pending: 4,
          lastId: "5-0",
          entriesRead: r.int(5),
          lag: r.int(0),
        }),
      ),
    );
  });

  test("a stream without groups; missing key and wrong type", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("XINFO", "GROUPS", "s")).toEqual(r.err(ERR.NO_SUCH_KEY));
    run("XADD", "s", "1-0", "a", "1");
    expect(run("XINFO", "GROUPS", "s")).toEqual(r.arr());
    run("SET", "k", "v");
    expect(run("XINFO", "GROUPS", "k")).toEqual(r.err(ERR.WRONGTYPE));
    expect(run("XINFO", "GROUPS", "s", "x")).toEqual(r.err(ERR.WRONG_ARITY("xinfo|groups")));
  });
});
