import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import type { Reply } from "../../reply.ts";
import { createTestEngine, r } from "../../test-support.ts";

const entry = (id: string, ...fieldsAndValues: string[]): Reply =>
  r.arr(r.bulk(id), r.bulks(...fieldsAndValues));

function seeded() {
  const engine = createTestEngine();
  for (const id of ["1-0", "1-5", "2-0", "3-7"]) {
    engine.run("XADD", "s", id, "id", id);
  }
  return engine;
}

describe("XRANGE", () => {
  test("returns the entries between the ends, inclusive", ({ expect }) => {
    const { run } = seeded();
    expect(run("XRANGE", "s", "-", "+")).toEqual(
      r.arr(
        entry("1-0", "id", "1-0"),
        entry("1-5", "id", "1-5"),
        entry("2-0", "id", "2-0"),
        entry("3-7", "id", "3-7"),
      ),
    );
    expect(run("XRANGE", "s", "1-5", "2-0")).toEqual(
      r.arr(entry("1-5", "id", "1-5"), entry("2-0", "id", "2-0")),
    );
    expect(run("XRANGE", "s", "3", "1")).toEqual(r.arr());
  });

  test("an ID without sequence covers its whole millisecond", ({ expect }) => {
    const { run } = seeded();
    expect(run("XRANGE", "s", "1", "1")).toEqual(
      r.arr(entry("1-0", "id", "1-0"), entry("1-5", "id", "1-5")),
    );
  });

  test("( excludes an end", ({ expect }) => {
    const { run } = seeded();
    expect(run("XRANGE", "s", "(1-0", "(3-7")).toEqual(
      r.arr(entry("1-5", "id", "1-5"), entry("2-0", "id", "2-0")),
    );
    expect(run("XRANGE", "s", "(1-18446744073709551615", "+")).toEqual(
      r.arr(entry("2-0", "id", "2-0"), entry("3-7", "id", "3-7")),
    );
  });

  test("COUNT limits, 0 answers a null array, a negative COUNT counts as 0", ({ expect }) => {
    const { run } = seeded();
    expect(run("XRANGE", "s", "-", "+", "COUNT", "1")).toEqual(r.arr(entry("1-0", "id", "1-0")));
    expect(run("XRANGE", "s", "-", "+", "count", "9", "COUNT", "2")).toEqual(
      r.arr(entry("1-0", "id", "1-0"), entry("1-5", "id", "1-5")),
    );
    expect(run("XRANGE", "s", "-", "+", "COUNT", "0")).toEqual(r.nilArray);
    expect(run("XRANGE", "s", "-", "+", "COUNT", "-1")).toEqual(r.nilArray);
  });

  test("a missing key is an empty array, even with COUNT 0", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("XRANGE", "s", "-", "+")).toEqual(r.arr());
    expect(run("XRANGE", "s", "-", "+", "COUNT", "0")).toEqual(r.arr());
  });

  test("wrong type, after the arguments are checked", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "k", "v");
    expect(run("XRANGE", "k", "-", "+")).toEqual(r.err(ERR.WRONGTYPE));
    expect(run("XRANGE", "k", "x", "+")).toEqual(r.err(ERR.STREAM_ID_INVALID));
  });

  test("expired keys are gone", ({ expect }) => {
    const { run, clock } = seeded();
    run("PEXPIRE", "s", "10");
    clock.advance(10);
    expect(run("XRANGE", "s", "-", "+")).toEqual(r.arr());
  });

  test.for([
    [["XRANGE", "s", "x", "+"], ERR.STREAM_ID_INVALID],
    [["XRANGE", "s", "-", "1-x"], ERR.STREAM_ID_INVALID],
    [["XRANGE", "s", "(-", "+"], ERR.STREAM_ID_INVALID],
    [["XRANGE", "s", "-", "(+"], ERR.STREAM_ID_INVALID],
    [["XRANGE", "s", "(", "+"], ERR.STREAM_ID_INVALID],
    [
      ["XRANGE", "s", "(18446744073709551615-18446744073709551615", "+"],
      ERR.STREAM_START_ID_INVALID,
    ],
    [["XRANGE", "s", "-", "(0-0"], ERR.STREAM_END_ID_INVALID],
    [["XRANGE", "s", "-", "+", "COUNT"], ERR.SYNTAX],
    [["XRANGE", "s", "-", "+", "COUNT", "x"], ERR.NOT_INTEGER],
    [["XRANGE", "s", "-", "+", "LIMIT", "1"], ERR.SYNTAX],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = seeded();
    expect(run(...argv)).toEqual(r.err(error));
  });
});
