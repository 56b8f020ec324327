import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import type { Reply } from "../../reply.ts";
import { createTestEngine, r } from "../../test-support.ts";

function parseScan(reply: Reply): { cursor: string; items: string[] } {
  if (reply.kind !== "array") {
    throw new Error(`not a scan reply: ${JSON.stringify(reply)}`);
  }
  const [cursor, items] = reply.items;
  if (cursor?.kind !== "bulk" || items?.kind !== "array") {
    throw new Error(`not a scan reply: ${JSON.stringify(reply)}`);
  }
  return {
    cursor: cursor.value,
    items: items.items.map((item) => (item.kind === "bulk" ? item.value : "?")),
  };
}

describe("SSCAN", () => {
  test("intsets and listpacks come whole with cursor 0, intsets sorted", ({ expect }) => {
    const { run } = createTestEngine();
    run("SADD", "ints", "3", "1", "2");
    expect(run("SSCAN", "ints", "0", "COUNT", "1")).toEqual(
      r.arr(r.bulk("0"), r.bulks("1", "2", "3")),
    );
    run("SADD", "strs", "b", "a");
    expect(run("SSCAN", "strs", "0", "MATCH", "a")).toEqual(r.arr(r.bulk("0"), r.bulks("a")));
  });

  test("a hashtable is walked in COUNT-sized steps until the cursor is 0", ({ expect }) => {
    const { run } = createTestEngine();
    const members = Array.from({ length: 1000 }, (_, i) => String(i));
    run("SADD", "s", ...members);
    const seen: string[] = [];
    let cursor = "0";
    do {
      const step = parseScan(run("SSCAN", "s", cursor, "COUNT", "100"));
      seen.push(...step.items);
      cursor = step.cursor;
    } while (cursor !== "0");
    expect(seen.sort()).toEqual([...members].sort());
  });

  test("every member present for the whole iteration is returned despite changes", ({ expect }) => {
    const { run } = createTestEngine();
    const stable = Array.from({ length: 150 }, (_, i) => `s${i}`);
    run("SADD", "s", ...stable, ...Array.from({ length: 150 }, (_, i) => `c${i}`));
    const seen = new Set<string>();
    let cursor = "0";
    let round = 0;
    do {
      const step = parseScan(run("SSCAN", "s", cursor, "COUNT", "5", "MATCH", "*"));
      for (const member of step.items) {
        seen.add(member);
      }
      cursor = step.cursor;
      run("SREM", "s", `c${round}`, `c${149 - round}`);
      run("SADD", "s", `n${round}`, `n${round + 1000}`);
      round++;
    } while (cursor !== "0");
    for (const member of stable) {
      expect(seen.has(member), member).toBe(true);
    }
  });

  test("a missing key is an empty scan without checking the options", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("SSCAN", "nokey", "0", "NOVALUES")).toEqual(r.arr(r.bulk("0"), r.arr()));
  });

  test("WRONGTYPE after the cursor, before the options", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "str", "v");
    expect(run("SSCAN", "str", "x")).toEqual(r.err(ERR.INVALID_CURSOR));
    expect(run("SSCAN", "str", "0", "COUNT", "0")).toEqual(r.err(ERR.WRONGTYPE));
  });

  test.for([
    [["SSCAN", "s", "1.5"], ERR.INVALID_CURSOR],
    [["SSCAN", "s", "0", "NOVALUES"], ERR.NOVALUES_NOT_HSCAN],
    [["SSCAN", "s", "0", "COUNT", "0"], ERR.SYNTAX],
    [["SSCAN", "s", "0", "COUNT", "-3"], ERR.SYNTAX],
    [["SSCAN", "s", "0", "COUNT", "1x"], ERR.NOT_INTEGER],
    [["SSCAN", "s", "0", "MATCH"], ERR.SYNTAX],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("SADD", "s", "a");
    expect(run(...argv)).toEqual(r.err(error));
  });
});
