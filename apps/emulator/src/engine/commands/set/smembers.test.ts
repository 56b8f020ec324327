import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import type { Reply } from "../../reply.ts";
import { createTestEngine, r } from "../../test-support.ts";

function sorted(reply: Reply): string[] {
  if (reply.kind !== "array") {
    throw new Error(`not an array: ${JSON.stringify(reply)}`);
  }
  return reply.items.map((item) => (item.kind === "bulk" ? item.value : "?")).sort();
}

describe("SMEMBERS", () => {
  test("intset members ascend; listpack members keep insertion order", ({ expect }) => {
    const { run } = createTestEngine();
    run("SADD", "ints", "30", "-2", "7");
    expect(run("SMEMBERS", "ints")).toEqual(r.bulks("-2", "7", "30"));
    run("SADD", "strs", "c", "a", "b");
    run("SREM", "strs", "a");
    run("SADD", "strs", "a");
    expect(run("SMEMBERS", "strs")).toEqual(r.bulks("c", "b", "a"));
  });

  test("a hashtable has every member (order unspecified)", ({ expect }) => {
    const { run } = createTestEngine({ config: { "set-max-listpack-entries": "2" } });
    run("SADD", "s", "x", "y", "z", "w");
    expect(sorted(run("SMEMBERS", "s"))).toEqual(["w", "x", "y", "z"]);
  });

  test("empty for a missing key", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("SMEMBERS", "nokey")).toEqual(r.arr());
  });

  test("WRONGTYPE on a string", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "str", "v");
    expect(run("SMEMBERS", "str")).toEqual(r.err(ERR.WRONGTYPE));
  });
});
