import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import type { Reply } from "../../reply.ts";
import { createTestEngine, r, seededRandom } from "../../test-support.ts";
import { List } from "../../values/list.ts";

/** `[cursor, keys]` of a SCAN reply. */
function page(reply: Reply): { cursor: string; keys: string[] } {
  if (reply.kind !== "array") {
    throw new Error(`not an array: ${JSON.stringify(reply)}`);
  }
  const [cursor, keys] = reply.items;
  return {
    cursor: cursor?.kind === "bulk" ? cursor.value : "",
    keys:
      keys?.kind === "array"
        ? keys.items.map((item) => (item.kind === "bulk" ? item.value : ""))
        : [],
  };
}

describe("SCAN", () => {
  test("a full iteration returns every key once and ends at cursor 0", ({ expect }) => {
    const { run } = createTestEngine();
    for (let i = 0; i < 95; i++) {
      run("SET", `k${i}`, "v");
    }
    const seen: string[] = [];
    let cursor = "0";
    let calls = 0;
    do {
      const result = page(run("SCAN", cursor));
      expect(result.keys.length).toBeLessThanOrEqual(10);
      seen.push(...result.keys);
      cursor = result.cursor;
      calls++;
    } while (cursor !== "0");
    expect(seen.length).toBe(95);
    expect(new Set(seen).size).toBe(95);
    expect(calls).toBe(10);
  });

  test("keys present for the whole iteration are returned despite concurrent changes", ({
    expect,
  }) => {
    const { run } = createTestEngine();
    const random = seededRandom(7);
    const stable = new Set<string>();
    for (let i = 0; i < 300; i++) {
      run("SET", `stable:${i}`, "v");
      stable.add(`stable:${i}`);
      run("SET", `churn:${i}`, "v");
    }
    const seen = new Set<string>();
    let cursor = "0";
    let next = 0;
    do {
      const result = page(run("SCAN", cursor, "COUNT", "20"));
      for (const key of result.keys) {
        seen.add(key);
      }
      cursor = result.cursor;
      // Between calls: delete and re-create churn keys, and add new ones (fewer than COUNT, since
      // SCAN only terminates over a keyspace whose growth is bounded, in Redis too).
      for (let i = 0; i < 3; i++) {
        const victim = `churn:${Math.floor(random() * 300)}`;
        run("DEL", victim);
        if (random() < 0.5) {
          run("SET", victim, "again");
        }
        run("SET", `new:${next++}`, "v");
      }
    } while (cursor !== "0");
    for (const key of stable) {
      expect(seen.has(key), key).toBe(true);
    }
  });

  test("a key deleted before the cursor reaches it is not returned", ({ expect }) => {
    const { run } = createTestEngine();
    for (let i = 0; i < 20; i++) {
      run("SET", `k${i}`, "v");
    }
    const first = page(run("SCAN", "0", "COUNT", "5"));
    run("DEL", "k19");
    const seen = [...first.keys];
    let cursor = first.cursor;
    while (cursor !== "0") {
      const result = page(run("SCAN", cursor, "COUNT", "5"));
      seen.push(...result.keys);
      cursor = result.cursor;
    }
    expect(seen).not.toContain("k19");
    expect(seen.length).toBe(19);
  });

  test("MATCH, TYPE and COUNT", ({ expect }) => {
    const { run, engine } = createTestEngine();
    run("SET", "user:1", "a");
    run("SET", "user:2", "b");
    run("SET", "other", "c");
    engine.databases[0]?.set("user:list", new List(["x"]));
    const all = (...options: string[]): string[] =>
      page(run("SCAN", "0", "COUNT", "100", ...options)).keys.sort();
    expect(all("MATCH", "user:*")).toEqual(["user:1", "user:2", "user:list"]);
    expect(all("MATCH", "user:*", "TYPE", "STRING")).toEqual(["user:1", "user:2"]);
    expect(all("TYPE", "list")).toEqual(["user:list"]);
    expect(all("TYPE", "nosuchtype")).toEqual([]);
    expect(all("MATCH", "*")).toEqual(["other", "user:1", "user:2", "user:list"]);
  });

  test("WITHTYPE (the service's option): each key followed by its type", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "a");
    run("RPUSH", "l", "x");
    run("ZADD", "z", "1", "m");
    const flat = page(run("SCAN", "0", "COUNT", "100", "WITHTYPE")).keys;
    const pairs = new Map<string, string>();
    for (let i = 0; i < flat.length; i += 2) {
      pairs.set(flat[i] ?? "", flat[i + 1] ?? "");
    }
    expect(Object.fromEntries(pairs)).toEqual({ s: "string", l: "list", z: "zset" });
    expect(run("SCAN", "0", "TYPE", "zset", "WITHTYPE")).toEqual(
      r.arr(r.bulk("0"), r.arr(r.bulk("z"), r.bulk("zset"))),
    );
  });

  test("skips (and removes) expired keys", ({ expect }) => {
    const { run, clock, engine } = createTestEngine();
    run("SET", "a", "v", "PX", "10");
    run("SET", "b", "v");
    clock.set(clock.now() + 10);
    expect(page(run("SCAN", "0")).keys).toEqual(["b"]);
    expect(engine.databases[0]?.size).toBe(1);
  });

  test("an empty database answers [0, []]", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("SCAN", "0")).toEqual(r.arr(r.bulk("0"), r.arr()));
  });

  test("unknown, replayed or negative cursors resume by position", ({ expect }) => {
    const { run } = createTestEngine();
    for (let i = 0; i < 10; i++) {
      run("SET", `k${i}`, "v");
    }
    const first = page(run("SCAN", "0", "COUNT", "4"));
    const again = page(run("SCAN", first.cursor, "COUNT", "4"));
    // Replaying a consumed cursor resumes after the same 4 keys.
    const replay = page(run("SCAN", first.cursor, "COUNT", "4"));
    expect(replay.keys).toEqual(again.keys);
    expect(page(run("SCAN", "-1")).cursor).toBe("0");
    expect(page(run("SCAN", "18446744073709551615")).cursor).toBe("0");
  });

  test.for([
    [["SCAN", "abc"], ERR.INVALID_CURSOR],
    [["SCAN", "18446744073709551616"], ERR.INVALID_CURSOR],
    [["SCAN", " 1"], ERR.INVALID_CURSOR],
    [["SCAN", "0", "COUNT", "0"], ERR.SYNTAX],
    [["SCAN", "0", "COUNT", "-1"], ERR.SYNTAX],
    [["SCAN", "0", "COUNT", "x"], ERR.NOT_INTEGER],
    [["SCAN", "0", "MATCH"], ERR.SYNTAX],
    [["SCAN", "0", "FOO", "bar"], ERR.SYNTAX],
    [["SCAN", "0", "NOVALUES"], ERR.NOVALUES_NOT_HSCAN],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    expect(run(...argv)).toEqual(r.err(error));
  });
});
