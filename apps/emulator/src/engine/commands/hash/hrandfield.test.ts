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

describe("HRANDFIELD", () => {
  test("without count: one field, nil for a missing key", ({ expect }) => {
    const { run } = createTestEngine();
    run("HSET", "h", "a", "1", "b", "2");
    const field = run("HRANDFIELD", "h");
    expect(field.kind === "bulk" && ["a", "b"].includes(field.value)).toBe(true);
    expect(run("HRANDFIELD", "nokey")).toEqual(r.nil);
  });

  test("a positive count gives distinct fields (all of them when it is large)", ({ expect }) => {
    const { run } = createTestEngine();
    run("HSET", "h", "a", "1", "b", "2", "c", "3", "d", "4");
    const some = strings(run("HRANDFIELD", "h", "3"));
    expect(new Set(some).size).toBe(3);
    // A listpack is sampled in its own order.
    expect(some).toEqual(["a", "b", "c", "d"].filter((field) => some.includes(field)));
    expect(run("HRANDFIELD", "h", "10")).toEqual(r.bulks("a", "b", "c", "d"));
    expect(run("HRANDFIELD", "h", "10", "WITHVALUES")).toEqual(
      r.bulks("a", "1", "b", "2", "c", "3", "d", "4"),
    );
  });

  test("distinct fields from a hashtable, with both strategies", ({ expect }) => {
    const { run } = createTestEngine({ config: { "hash-max-listpack-entries": "4" } });
    const fields = Array.from({ length: 30 }, (_, i) => `f${i}`);
    run("HSET", "h", ...fields.flatMap((field) => [field, `v${field}`]));
    for (const count of [3, 20]) {
      const picked = strings(run("HRANDFIELD", "h", String(count), "WITHVALUES"));
      const names = picked.filter((_, i) => i % 2 === 0);
      expect(new Set(names).size).toBe(count);
      for (let i = 0; i < picked.length; i += 2) {
        expect(picked[i + 1]).toBe(`v${picked[i]}`);
      }
    }
  });

  test("a negative count may repeat fields and returns exactly that many", ({ expect }) => {
    const { run } = createTestEngine();
    run("HSET", "h", "a", "1");
    expect(run("HRANDFIELD", "h", "-3")).toEqual(r.bulks("a", "a", "a"));
    expect(run("HRANDFIELD", "h", "-2", "WITHVALUES")).toEqual(r.bulks("a", "1", "a", "1"));
  });

  test("count 0 and a missing key give an empty array", ({ expect }) => {
    const { run } = createTestEngine();
    run("HSET", "h", "a", "1");
    expect(run("HRANDFIELD", "h", "0")).toEqual(r.arr());
    expect(run("HRANDFIELD", "nokey", "-5", "WITHVALUES")).toEqual(r.arr());
  });

  test("never returns an expired field", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("HSET", "h", "a", "1", "b", "2");
    run("HPEXPIRE", "h", "5", "FIELDS", "1", "a");
    clock.advance(5);
    expect(run("HRANDFIELD", "h", "-4")).toEqual(r.bulks("b", "b", "b", "b"));
  });

  test("WRONGTYPE on a string, after the count is checked", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run("HRANDFIELD", "s")).toEqual(r.err(ERR.WRONGTYPE));
    expect(run("HRANDFIELD", "s", "x")).toEqual(r.err(ERR.NOT_INTEGER));
  });

  test.for([
    [["HRANDFIELD", "h", "x"], ERR.NOT_INTEGER],
    [["HRANDFIELD", "h", "1", "x"], ERR.SYNTAX],
    [["HRANDFIELD", "h", "1", "WITHVALUES", "x"], ERR.SYNTAX],
    [["HRANDFIELD", "h", "4611686018427387904", "WITHVALUES"], ERR.VALUE_OUT_OF_RANGE],
    [["HRANDFIELD", "h", "-4611686018427387904", "WITHVALUES"], ERR.VALUE_OUT_OF_RANGE],
    [
      ["HRANDFIELD", "h", "-9223372036854775808"],
      ERR.VALUE_NOT_BETWEEN("-9223372036854775807", "9223372036854775807"),
    ],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("HSET", "h", "a", "1");
    expect(run(...argv)).toEqual(r.err(error));
  });
});
