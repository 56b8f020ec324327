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

describe("SUNION", () => {
  test("all members of all sets; missing keys are empty", ({ expect }) => {
    const { run } = createTestEngine();
    run("SADD", "a", "x", "y");
    run("SADD", "b", "y", "z");
    expect(sorted(run("SUNION", "a", "nokey", "b"))).toEqual(["x", "y", "z"]);
    expect(run("SUNION", "nokey")).toEqual(r.arr());
  });

  test("an all-integer result is an intset, so it comes sorted", ({ expect }) => {
    const { run } = createTestEngine();
    run("SADD", "a", "5", "1");
    run("SADD", "b", "3", "-4");
    expect(run("SUNION", "a", "b")).toEqual(r.bulks("-4", "1", "3", "5"));
    // Integers met before the first string stay sorted at the front, the rest follow.
    run("SADD", "c", "q");
    expect(run("SUNION", "a", "c", "b")).toEqual(r.bulks("1", "5", "q", "-4", "3"));
  });

  test("WRONGTYPE if any key is not a set", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "str", "v");
    run("SADD", "a", "x");
    expect(run("SUNION", "a", "str")).toEqual(r.err(ERR.WRONGTYPE));
  });
});
