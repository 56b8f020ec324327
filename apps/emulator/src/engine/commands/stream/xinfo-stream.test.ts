import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import type { Reply } from "../../reply.ts";
import { createTestEngine, r } from "../../test-support.ts";

const entry = (id: string): Reply => r.arr(r.bulk(id), r.bulks("f", id));

function head(fields: {
  length: number;
  keys: number;
  nodes: number;
  last: string;
  maxDeleted: string;
  added: number;
  first: string;
}): Reply[] {
  return [
    ...[r.bulk("length"), r.int(fields.length), r.bulk("radix-tree-keys"), r.int(fields.keys)],
    ...[r.bulk("radix-tree-nodes"), r.int(fields.nodes)],
    ...[r.bulk("last-generated-id"), r.bulk(fields.last)],
    ...[r.bulk("max-deleted-entry-id"), r.bulk(fields.maxDeleted)],
    ...[r.bulk("entries-added"), r.int(fields.added)],
    ...[r.bulk("recorded-first-entry-id"), r.bulk(fields.first)],
  ];
}

describe("XINFO STREAM", () => {
  test("the counters, group count and first and last entries", ({ expect }) => {
    const { run } = createTestEngine();
    for (let i = 1; i <= 4; i++) {
      run("XADD", "s", `${i}-0`, "f", `${i}-0`);
    }
    run("XDEL", "s", "1-0", "3-0");
    run("XGROUP", "CREATE", "s", "g", "0");
    expect(run("XINFO", "STREAM", "s")).toEqual(
      r.arr(
        ...head({
          length: 2,
          keys: 1,
          nodes: 2,
          last: "4-0",
          maxDeleted: "3-0",
          added: 4,
          first: "2-0",
        }),
        ...[r.bulk("groups"), r.int(1), r.bulk("first-entry"), entry("2-0")],
        ...[r.bulk("last-entry"), entry("4-0")],
      ),
    );
  });

  test("an empty stream has nil first and last entries", ({ expect }) => {
    const { run } = createTestEngine();
    run("XGROUP", "CREATE", "s", "g", "$", "MKSTREAM");
    expect(run("XINFO", "STREAM", "s")).toEqual(
      r.arr(
        ...head({
          length: 0,
          keys: 0,
          nodes: 1,
          last: "0-0",
          maxDeleted: "0-0",
          added: 0,
          first: "0-0",
        }),
        ...[r.bulk("groups"), r.int(1), r.bulk("first-entry"), r.nil, r.bulk("last-entry"), r.nil],
      ),
    );
  });

  test("radix-tree-keys counts nodes of 100 entries", ({ expect }) => {
    const { run } = createTestEngine();
    for (let i = 1; i <= 250; i++) {
      run("XADD", "s", `${i}-0`, "f", "v");
    }
    expect(run("XINFO", "STREAM", "s")).toMatchObject({
      items: expect.arrayContaining([r.bulk("radix-tree-keys"), r.int(3)]),
    });
  });

  test("FULL lists entries, groups, their PEL and consumers, COUNT of each", ({ expect }) => {
    const { run, clock } = createTestEngine();
    for (let i = 1; i <= 3; i++) {
      run("XADD", "s", `${i}-0`, "f", `${i}-0`);
    }
    run("XGROUP", "CREATE", "s", "g", "0");
    const t0 = clock.now();
    run("XREADGROUP", "GROUP", "g", "c", "STREAMS", "s", ">");
    clock.advance(10);
    run("XGROUP", "CREATECONSUMER", "s", "g", "b");
    const group = (pel: Reply[], consumerPel: Reply[]): Reply =>
      r.arr(
        ...[r.bulk("name"), r.bulk("g"), r.bulk("last-delivered-id"), r.bulk("3-0")],
        ...[r.bulk("entries-read"), r.int(3), r.bulk("lag"), r.int(0)],
        ...[r.bulk("pel-count"), r.int(3), r.bulk("pending"), r.arr(...pel)],
        r.bulk("consumers"),
        r.arr(
          r.arr(
            ...[r.bulk("name"), r.bulk("b"), r.bulk("seen-time"), r.int(t0 + 10)],
            ...[r.bulk("active-time"), r.int(-1), r.bulk("pel-count"), r.int(0)],
            ...[r.bulk("pending"), r.arr()],
          ),
          r.arr(
            ...[r.bulk("name"), r.bulk("c"), r.bulk("seen-time"), r.int(t0)],
            ...[r.bulk("active-time"), r.int(t0), r.bulk("pel-count"), r.int(3)],
            ...[r.bulk("pending"), r.arr(...consumerPel)],
          ),
        ),
      );
    const full = (id: string): Reply => r.arr(r.bulk(id), r.bulk("c"), r.int(t0), r.int(1));
    const own = (id: string): Reply => r.arr(r.bulk(id), r.int(t0), r.int(1));
    const fields = { length: 3, keys: 1, nodes: 2, last: "3-0", maxDeleted: "0-0", added: 3 };
    expect(run("XINFO", "STREAM", "s", "FULL", "COUNT", "2")).toEqual(
      r.arr(
        ...head({ ...fields, first: "1-0" }),
        ...[r.bulk("entries"), r.arr(entry("1-0"), entry("2-0"))],
        ...[r.bulk("groups"), r.arr(group([full("1-0"), full("2-0")], [own("1-0"), own("2-0")]))],
      ),
    );
    const all = run("XINFO", "STREAM", "s", "full", "count", "0");
    expect(all).toEqual(run("XINFO", "STREAM", "s", "FULL", "COUNT", "-1"));
    expect(all).toMatchObject({
      items: expect.arrayContaining([r.arr(entry("1-0"), entry("2-0"), entry("3-0"))]),
    });
  });

  test("missing key and wrong type", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("XINFO", "STREAM", "s")).toEqual(r.err(ERR.NO_SUCH_KEY));
    run("SET", "k", "v");
    expect(run("XINFO", "STREAM", "k")).toEqual(r.err(ERR.WRONGTYPE));
  });

  test.for([
    [["XINFO", "STREAM", "s", "PARTIAL"], ERR.SUBCOMMAND_SYNTAX("STREAM", "XINFO")],
    [["XINFO", "STREAM", "s", "FULL", "COUNT"], ERR.SUBCOMMAND_SYNTAX("STREAM", "XINFO")],
    [["XINFO", "STREAM", "s", "FULL", "LIMIT", "1"], ERR.SUBCOMMAND_SYNTAX("STREAM", "XINFO")],
    [["XINFO", "STREAM", "s", "FULL", "COUNT", "x"], ERR.NOT_INTEGER],
    [["XINFO", "STREAM"], ERR.WRONG_ARITY("xinfo|stream")],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("XADD", "s", "1-0", "f", "v");
    expect(run(...argv)).toEqual(r.err(error));
  });
});
