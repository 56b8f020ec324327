import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import type { Reply } from "../../reply.ts";
import { createTestEngine, r } from "../../test-support.ts";

function strings(reply: Reply): string[] {
  if (reply.kind !== "array") {
    throw new Error(`not an array: ${JSON.stringify(reply)}`);
  }
  return reply.items.map((item) => (item.kind === "bulk" ? item.value : "?"));
}

describe("SRANDMEMBER", () => {
  test("without count: one member, nothing removed; nil for a missing key", ({ expect }) => {
    const { run } = createTestEngine();
    run("SADD", "s", "a", "b");
    const member = run("SRANDMEMBER", "s");
    expect(member.kind === "bulk" && ["a", "b"].includes(member.value)).toBe(true);
    expect(run("SCARD", "s")).toEqual(r.int(2));
    expect(run("SRANDMEMBER", "nokey")).toEqual(r.nil);
  });

  test("a positive count gives distinct members; all of them when it is large", ({ expect }) => {
    const { run } = createTestEngine();
    run("SADD", "s", "3", "1", "2");
    expect(run("SRANDMEMBER", "s", "5")).toEqual(r.bulks("1", "2", "3"));
    expect(new Set(strings(run("SRANDMEMBER", "s", "2"))).size).toBe(2);
  });

  test("distinct members from a hashtable, with both strategies", ({ expect }) => {
    const { run } = createTestEngine({ config: { "set-max-listpack-entries": "4" } });
    run("SADD", "s", ...Array.from({ length: 30 }, (_, i) => `m${i}`));
    for (const count of [2, 25]) {
      expect(new Set(strings(run("SRANDMEMBER", "s", String(count)))).size).toBe(count);
    }
  });

  test("a negative count may repeat members", ({ expect }) => {
    const { run } = createTestEngine();
    run("SADD", "s", "only");
    expect(run("SRANDMEMBER", "s", "-3")).toEqual(r.bulks("only", "only", "only"));
  });

  test("count 0 or a missing key: empty array", ({ expect }) => {
    const { run } = createTestEngine();
    run("SADD", "s", "a");
    expect(run("SRANDMEMBER", "s", "0")).toEqual(r.arr());
    expect(run("SRANDMEMBER", "nokey", "-2")).toEqual(r.arr());
  });

  test("WRONGTYPE on a string, after the count is checked", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "str", "v");
    expect(run("SRANDMEMBER", "str", "1")).toEqual(r.err(ERR.WRONGTYPE));
    expect(run("SRANDMEMBER", "str", "x")).toEqual(r.err(ERR.NOT_INTEGER));
  });

  test.for([
    [["SRANDMEMBER", "s", "x"], ERR.NOT_INTEGER],
    [["SRANDMEMBER", "s", "1", "2"], ERR.SYNTAX],
    [
      ["SRANDMEMBER", "s", "-9223372036854775808"],
      ERR.VALUE_NOT_BETWEEN("-9223372036854775807", "9223372036854775807"),
    ],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("SADD", "s", "a");
    expect(run(...argv)).toEqual(r.err(error));
  });
});
