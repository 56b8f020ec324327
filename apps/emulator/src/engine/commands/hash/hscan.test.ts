import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import type { Reply } from "../../reply.ts";
import { createTestEngine, r } from "../../test-support.ts";

/** The cursor and items of a SCAN-family reply. */
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

describe("HSCAN", () => {
  test("a listpack hash comes whole with cursor 0, whatever COUNT says", ({ expect }) => {
    const { run } = createTestEngine();
    run("HSET", "h", "a", "1", "b", "2", "c", "3");
    expect(run("HSCAN", "h", "0", "COUNT", "1")).toEqual(
      r.arr(r.bulk("0"), r.bulks("a", "1", "b", "2", "c", "3")),
    );
  });

  test("MATCH filters fields; NOVALUES leaves the values out", ({ expect }) => {
    const { run } = createTestEngine();
    run("HSET", "h", "a1", "1", "b1", "2", "a2", "3");
    expect(run("HSCAN", "h", "0", "MATCH", "a*")).toEqual(
      r.arr(r.bulk("0"), r.bulks("a1", "1", "a2", "3")),
    );
    expect(run("HSCAN", "h", "0", "novalues", "MATCH", "a*")).toEqual(
      r.arr(r.bulk("0"), r.bulks("a1", "a2")),
    );
  });

  test("a missing key is an empty scan, and its options are not checked", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("HSCAN", "nokey", "0", "COUNT", "0", "BOGUS")).toEqual(r.arr(r.bulk("0"), r.arr()));
  });

  test("a hashtable is walked in steps of COUNT until the cursor is 0", ({ expect }) => {
    // 300 fields stay a listpack under the default limit (512), which HSCAN returns whole.
    const { run } = createTestEngine({ config: { "hash-max-listpack-entries": "128" } });
    const fields = Array.from({ length: 300 }, (_, i) => `f${i}`);
    run("HSET", "h", ...fields.flatMap((field) => [field, "v"]));
    const seen: string[] = [];
    let cursor = "0";
    let calls = 0;
    do {
      const step = parseScan(run("HSCAN", "h", cursor, "COUNT", "50", "NOVALUES"));
      expect(step.items.length).toBeLessThanOrEqual(50);
      seen.push(...step.items);
      cursor = step.cursor;
      calls++;
    } while (cursor !== "0");
    expect(calls).toBe(6);
    expect(seen.sort()).toEqual([...fields].sort());
  });

  test("every field present for the whole iteration is returned despite changes", ({ expect }) => {
    const { run } = createTestEngine();
    const stable = Array.from({ length: 200 }, (_, i) => `s${i}`);
    const churn = Array.from({ length: 200 }, (_, i) => `c${i}`);
    run("HSET", "h", ...[...stable, ...churn].flatMap((field) => [field, "v"]));
    const seen = new Set<string>();
    let cursor = "0";
    let round = 0;
    do {
      const step = parseScan(run("HSCAN", "h", cursor, "COUNT", "7", "NOVALUES"));
      for (const field of step.items) {
        seen.add(field);
      }
      cursor = step.cursor;
      // Between calls: delete some churn fields and add new ones.
      run("HDEL", "h", `c${round}`, `c${199 - round}`);
      run("HSET", "h", `n${round}`, "v");
      round++;
    } while (cursor !== "0");
    for (const field of stable) {
      expect(seen.has(field), field).toBe(true);
    }
  });

  test("WRONGTYPE comes after the cursor check and before the options", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run("HSCAN", "s", "x")).toEqual(r.err(ERR.INVALID_CURSOR));
    expect(run("HSCAN", "s", "0", "BOGUS")).toEqual(r.err(ERR.WRONGTYPE));
  });

  test.for([
    [["HSCAN", "h", "abc"], ERR.INVALID_CURSOR],
    [["HSCAN", "h", " 1"], ERR.INVALID_CURSOR],
    [["HSCAN", "h", "18446744073709551616"], ERR.INVALID_CURSOR],
    [["HSCAN", "h", "0", "COUNT", "0"], ERR.SYNTAX],
    [["HSCAN", "h", "0", "COUNT", "x"], ERR.NOT_INTEGER],
    [["HSCAN", "h", "0", "COUNT"], ERR.SYNTAX],
    [["HSCAN", "h", "0", "MATCH"], ERR.SYNTAX],
    [["HSCAN", "h", "0", "TYPE", "string"], ERR.SYNTAX],
    [["HSCAN", "h", "0", "NOSCORES"], ERR.SYNTAX],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    run("HSET", "h", "a", "1");
    expect(run(...argv)).toEqual(r.err(error));
  });

  test("cursors are read like strtoul: a sign, an empty string, the full 64-bit range", ({
    expect,
  }) => {
    const { run } = createTestEngine();
    run("HSET", "h", "a", "1");
    const whole = r.arr(r.bulk("0"), r.bulks("a", "1"));
    expect(run("HSCAN", "h", "")).toEqual(whole);
    expect(run("HSCAN", "h", "+0")).toEqual(whole);
    expect(run("HSCAN", "h", "-1")).toEqual(whole);
    expect(run("HSCAN", "h", "18446744073709551615")).toEqual(whole);
  });
});
