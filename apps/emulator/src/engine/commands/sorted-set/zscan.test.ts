import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

interface Page {
  cursor: string;
  items: string[];
}

function page(reply: unknown): Page {
  const [cursor, items] = (reply as { items: [{ value: string }, { items: { value: string }[] }] })
    .items;
  return { cursor: cursor.value, items: items.items.map((item) => item.value) };
}

describe("ZSCAN", () => {
  test("a small set comes whole, in order, with cursor 0", ({ expect }) => {
    const { run } = createTestEngine();
    run("ZADD", "z", "2", "b", "1.1", "a", "3", "c");
    expect(run("ZSCAN", "z", "0")).toEqual(
      r.arr(r.bulk("0"), r.bulks("a", "1.1", "b", "2", "c", "3")),
    );
    expect(run("ZSCAN", "z", "0", "MATCH", "[ab]", "COUNT", "1")).toEqual(
      r.arr(r.bulk("0"), r.bulks("a", "1.1", "b", "2")),
    );
  });

  test("a large set pages through every member; scores print as %.17g", ({ expect }) => {
    const { run } = createTestEngine();
    for (let i = 0; i < 300; i++) {
      run("ZADD", "z", String(i + 0.1), `m${i}`);
    }
    const seen = new Map<string, string>();
    let cursor = "0";
    let pages = 0;
    do {
      const next = page(run("ZSCAN", "z", cursor, "COUNT", "50"));
      for (let i = 0; i < next.items.length; i += 2) {
        seen.set(next.items[i] ?? "", next.items[i + 1] ?? "");
      }
      cursor = next.cursor;
      pages++;
    } while (cursor !== "0");
    expect(pages).toBe(6);
    expect(seen.size).toBe(300);
    expect(seen.get("m1")).toBe("1.1000000000000001");
  });

  test("members present for the whole scan are returned despite deletions", ({ expect }) => {
    const { run } = createTestEngine();
    for (let i = 0; i < 300; i++) {
      run("ZADD", "z", String(i), `m${i}`);
    }
    const seen = new Set<string>();
    let cursor = "0";
    let round = 0;
    do {
      const next = page(run("ZSCAN", "z", cursor, "COUNT", "20"));
      for (let i = 0; i < next.items.length; i += 2) {
        seen.add(next.items[i] ?? "");
      }
      cursor = next.cursor;
      run("ZREM", "z", `m${round * 7}`);
      round++;
    } while (cursor !== "0");
    for (let i = 0; i < 300; i++) {
      if (i % 7 !== 0 || i / 7 >= round) {
        expect(seen.has(`m${i}`)).toBe(true);
      }
    }
  });

  test("a missing key is an empty scan, whatever the options", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("ZSCAN", "missing", "0", "COUNT", "0")).toEqual(r.arr(r.bulk("0"), r.arr()));
  });

  test.for([
    [["ZSCAN", "z", "x"], ERR.INVALID_CURSOR],
    [["ZSCAN", "z", "-1"], ERR.INVALID_CURSOR],
    [["ZSCAN", "z", "18446744073709551616"], ERR.INVALID_CURSOR],
    [["ZSCAN", "z", "0", "COUNT", "0"], ERR.SYNTAX],
    [["ZSCAN", "z", "0", "COUNT", "x"], ERR.NOT_INTEGER],
    [["ZSCAN", "z", "0", "COUNT"], ERR.SYNTAX],
    [["ZSCAN", "z", "0", "NOVALUES"], ERR.NOVALUES_NOT_HSCAN],
    [["ZSCAN", "z", "0", "TYPE", "zset"], ERR.SYNTAX],
    [["ZSCAN", "s", "0"], ERR.WRONGTYPE],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("ZADD", "z", "1", "a");
    run("SET", "s", "v");
    expect(run(...argv)).toEqual(r.err(error));
  });
});
