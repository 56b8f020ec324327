import { fc, test as fcTest } from "@fast-check/vitest";
import { describe, test } from "vitest";
import { listpackBytes, listpackEntrySize } from "./listpack-size.ts";
import { allocationSize, dictSlots, estimateMemoryUsage, scoreEntrySize } from "./memory-size.ts";
import { createTestEngine, r } from "./test-support.ts";
import { List } from "./values/list.ts";
import { formatScoreG17 } from "./values/sorted-set.ts";

/** MEMORY USAGE of `key` as a number. */
function usage(run: ReturnType<typeof createTestEngine>["run"], ...argv: string[]): number {
  const reply = run("MEMORY", "USAGE", ...argv);
  if (reply.kind !== "integer") {
    throw new Error(`MEMORY USAGE ${argv.join(" ")}: ${JSON.stringify(reply)}`);
  }
  return Number(reply.value);
}

/** The dict entry and sds of a one-byte key: every case below names its key `k`. */
const KEY = 24 + 8;
const ROBJ = 16;

describe("MEMORY USAGE size model", () => {
  test("jemalloc size classes", ({ expect }) => {
    expect([1, 9, 17, 128, 129, 161, 4096, 4097, 5121, 20_000].map(allocationSize)).toEqual([
      8, 16, 32, 128, 160, 192, 4096, 5120, 6144, 20_480,
    ]);
  });

  test("a table doubles from 4 slots when full", ({ expect }) => {
    expect([0, 4, 5, 8, 9, 129, 1000].map(dictSlots)).toEqual([4, 4, 8, 8, 16, 256, 1024]);
  });

  test("a listpack set (Redis ≥ 7.2) is its listpack's allocation", ({ expect }) => {
    const { run } = createTestEngine();
    run("SADD", "k", "apple", "banana", "7");
    expect(run("OBJECT", "ENCODING", "k")).toEqual(r.bulk("listpack"));
    const members = ["apple", "banana", "7"];
    expect(usage(run, "k")).toBe(KEY + ROBJ + allocationSize(listpackBytes(members)));
  });

  test("a listpack list (Redis ≥ 7.2) is its listpack's allocation, kept as it changes", ({
    expect,
  }) => {
    const { run } = createTestEngine();
    run("RPUSH", "k", "a", "100", "hello world");
    run("LSET", "k", "0", "x".repeat(70));
    run("LPOP", "k");
    run("LPUSH", "k", "-5");
    const values = ["-5", "100", "hello world"];
    expect(usage(run, "k")).toBe(KEY + ROBJ + allocationSize(listpackBytes(values)));
  });

  test("a listpackex hash counts each field's expiry as a third element", ({ expect }) => {
    const { run } = createTestEngine();
    run("HSET", "k", "a", "1", "b", "2");
    const plain = usage(run, "k");
    run("HPEXPIRE", "k", "100000", "FIELDS", "1", "a");
    expect(run("OBJECT", "ENCODING", "k")).toEqual(r.bulk("listpackex"));
    // The struct (32) and the expiries: a's (9-byte integer + back-length), b's 0 (2 bytes).
    const bytes = listpackBytes(["a", "1", "b", "2"]) + 10 + 2;
    expect(usage(run, "k")).toBe(KEY + ROBJ + allocationSize(bytes) + 32);
    expect(plain).toBe(KEY + ROBJ + allocationSize(listpackBytes(["a", "1", "b", "2"])));
  });

  test("a quicklist scales the sampled nodes to the whole list", ({ expect }) => {
    const { run } = createTestEngine();
    // 3000 elements of 100 bytes: at fill -2 (8 KB nodes) about 80 per node, 38 nodes.
    for (let i = 0; i < 30; i++) {
      run("RPUSH", "k", ...Array.from({ length: 100 }, (_, j) => `${i}-${j}`.padEnd(100, ".")));
    }
    const exact = usage(run, "k", "SAMPLES", "0");
    expect(Math.abs(usage(run, "k") - exact) / exact).toBeLessThan(0.02);
    // Larger nodes at fill -5 (64 KB): fewer node headers.
    run("CONFIG", "SET", "list-max-listpack-size", "-5");
    expect(usage(run, "k", "SAMPLES", "0")).toBeLessThan(exact);
  });

  test("a stream's estimate follows entries added and deleted", ({ expect }) => {
    const { run } = createTestEngine();
    for (let i = 1; i <= 250; i++) {
      run("XADD", "k", `${i}-0`, "field", `value-${i}`);
    }
    const full = usage(run, "k", "SAMPLES", "0");
    run("XTRIM", "k", "MAXLEN", "100");
    const trimmed = usage(run, "k", "SAMPLES", "0");
    expect(trimmed).toBeLessThan(full);
    run("XADD", "k", "1000-0", "field", "x");
    expect(usage(run, "k", "SAMPLES", "0")).toBeGreaterThanOrEqual(trimmed);
  });

  test("a JSON document answers RedisJSON's own memory figure", ({ expect }) => {
    const { run } = createTestEngine();
    run("JSON.SET", "k", "$", '{"a":[1,2,3],"b":"text"}');
    const debug = run("JSON.DEBUG", "MEMORY", "k");
    expect(debug.kind).toBe("integer");
    expect(usage(run, "k")).toBe(KEY + Number(debug.kind === "integer" ? debug.value : 0));
  });

  test("the estimate without a configuration assumes the default list fill", ({ expect }) => {
    const list = new List(Array.from({ length: 500 }, (_, i) => `item-${i}`.padEnd(40, "-")));
    list.useQuicklist();
    expect(estimateMemoryUsage("k", list, { samples: 0 })).toBe(
      estimateMemoryUsage("k", list, { samples: 0, listFill: -2 }),
    );
  });
});

describe("a listpack score's size", () => {
  fcTest.prop([fc.double({ noNaN: true })])("is that of 7.0's d2string text", (score) => {
    const text =
      Number.isInteger(score) && Math.abs(score) < 2 ** 52 && score !== 0
        ? String(score)
        : formatScoreG17(score);
    return scoreEntrySize(score) === listpackEntrySize(text);
  });
});

describe("a stream's cached node sizes", () => {
  const operation = fc.oneof(
    fc.record({ add: fc.integer({ min: 1, max: 400 }), fields: fc.integer({ min: 1, max: 3 }) }),
    fc.record({ remove: fc.nat() }),
    fc.record({ keep: fc.nat({ max: 300 }) }),
  );

  fcTest.prop(
    [fc.array(operation, { minLength: 10, maxLength: 40 }), fc.integer({ min: 1, max: 6 })],
    {
      numRuns: 40,
    },
  )("answer what a fresh copy of the stream answers, after any changes", (operations, samples) => {
    const { run, engine } = createTestEngine();
    let next = 1;
    for (const op of operations) {
      if ("add" in op) {
        for (let i = 0; i < 20; i++) {
          const fields = Array.from({ length: op.fields }, (_, f) => [`f${f}`, "v".repeat(op.add)]);
          run("XADD", "k", `${next++}-0`, ...fields.flat());
        }
      } else if ("remove" in op) {
        run("XDEL", "k", `${1 + (op.remove % next)}-0`);
      } else {
        run("XTRIM", "k", "MAXLEN", String(op.keep));
      }
      const stream = engine.databases[0]?.peek("k");
      if (stream === undefined || typeof stream === "string") {
        continue;
      }
      const options = { samples };
      if (
        estimateMemoryUsage("k", stream, options) !==
        estimateMemoryUsage("k", stream.clone(), options)
      ) {
        return false;
      }
    }
    return true;
  });
});
