import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import type { Reply } from "../../reply.ts";
import { createTestEngine, r } from "../../test-support.ts";

const entry = (id: string, ...fieldsAndValues: string[]): Reply =>
  r.arr(r.bulk(id), r.bulks(...fieldsAndValues));

function seeded() {
  const engine = createTestEngine();
  for (let i = 1; i <= 250; i++) {
    engine.run("XADD", "s", `${i}-0`, "n", String(i));
  }
  return engine;
}

describe("XREVRANGE", () => {
  test("returns the entries newest first, end before start", ({ expect }) => {
    const { run } = seeded();
    expect(run("XREVRANGE", "s", "3", "1")).toEqual(
      r.arr(entry("3-0", "n", "3"), entry("2-0", "n", "2"), entry("1-0", "n", "1")),
    );
    expect(run("XREVRANGE", "s", "+", "-", "COUNT", "2")).toEqual(
      r.arr(entry("250-0", "n", "250"), entry("249-0", "n", "249")),
    );
  });

  test("walks across chunks, with exclusive ends", ({ expect }) => {
    const { run } = seeded();
    expect(run("XREVRANGE", "s", "(201-0", "(99-0")).toMatchObject({ items: { length: 101 } });
    expect(run("XREVRANGE", "s", "(201-0", "(99-0", "COUNT", "1")).toEqual(
      r.arr(entry("200-0", "n", "200")),
    );
    // "(201" is "below 201-18446744073709551615", which still includes 201-0.
    expect(run("XREVRANGE", "s", "(201", "-", "COUNT", "1")).toEqual(
      r.arr(entry("201-0", "n", "201")),
    );
    expect(run("XREVRANGE", "s", "100-5", "100")).toEqual(r.arr(entry("100-0", "n", "100")));
    expect(run("XREVRANGE", "s", "-", "+")).toEqual(r.arr());
  });

  test("COUNT 0 is a null array; a missing key an empty one", ({ expect }) => {
    const { run } = seeded();
    expect(run("XREVRANGE", "s", "+", "-", "COUNT", "0")).toEqual(r.nilArray);
    expect(run("XREVRANGE", "missing", "+", "-")).toEqual(r.arr());
  });

  test("wrong type", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "k", "v");
    expect(run("XREVRANGE", "k", "+", "-")).toEqual(r.err(ERR.WRONGTYPE));
  });

  test.for([
    [["XREVRANGE", "s", "+", "x"], ERR.STREAM_ID_INVALID],
    [["XREVRANGE", "s", "(0-0", "-"], ERR.STREAM_END_ID_INVALID],
    [["XREVRANGE", "s", "+", "-", "COUNT", "x"], ERR.NOT_INTEGER],
    [["XREVRANGE", "s", "+", "-", "FOO"], ERR.SYNTAX],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = seeded();
    expect(run(...argv)).toEqual(r.err(error));
  });
});
