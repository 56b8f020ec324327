import { describe, test } from "vitest";
import { DumpReader, DumpWriter, framePayload } from "../dump-format.ts";
import { ERR } from "../errors.ts";
import { createTestEngine, r } from "../test-support.ts";
import { decodeIntset, encodeIntset } from "./intset.ts";
import { decodeListpack, encodeListpack } from "./listpack.ts";
import { lzfCompress } from "./lzf.ts";

function dump(
  run: (...argv: string[]) => ReturnType<ReturnType<typeof createTestEngine>["run"]>,
  key: string,
): string {
  const reply = run("DUMP", key);
  if (reply.kind !== "bulk") {
    throw new Error(`DUMP ${key}: ${JSON.stringify(reply)}`);
  }
  return reply.value;
}

describe("listpack", () => {
  test("integers take the smallest encoding, other texts stay strings", ({ expect }) => {
    const items = ["0", "127", "128", "-1", "-4096", "4095", "32767", "-8388608", "2147483647"];
    const more = ["9223372036854775807", "-9223372036854775808", "9223372036854775808", "007"];
    const blob = encodeListpack([...items, ...more, "", "x".repeat(70), "y".repeat(5000)]);
    expect(decodeListpack(blob)).toEqual([...items, ...more, "", "x".repeat(70), "y".repeat(5000)]);
    // 7-bit, 13-bit and 16-bit forms with their one-byte back-lengths.
    expect(encodeListpack([5, 300, 5000]).slice(6, -1)).toBe(
      "\x05\x01\xc1\x2c\x02\xf1\x88\x13\x03",
    );
  });

  test.for([
    ["a wrong total size", "\x08\x00\x00\x00\x00\x00\xff"],
    ["a missing terminator", "\x07\x00\x00\x00\x00\x00\x00"],
    ["a wrong count", "\x09\x00\x00\x00\x02\x00\x01\x01\xff"],
    ["a bad back-length", "\x09\x00\x00\x00\x01\x00\x01\x05\xff"],
  ] as const)("refuses %s", ([, blob], { expect }) => {
    expect(() => decodeListpack(blob)).toThrow();
  });
});

describe("intset", () => {
  test("round-trips in the narrowest width", ({ expect }) => {
    expect(decodeIntset(encodeIntset(["-3", "1", "40000"]))).toEqual(["-3", "1", "40000"]);
    expect(encodeIntset(["1", "2"])).toBe("\x02\x00\x00\x00\x02\x00\x00\x00\x01\x00\x02\x00");
    expect(encodeIntset(["1", "5000000000"]).charCodeAt(0)).toBe(8);
    expect(() => decodeIntset("\x02\x00\x00\x00\x02\x00\x00\x00\x02\x00\x01\x00")).toThrow();
  });
});

describe("LZF", () => {
  test("compresses repetitive text and round-trips through the RDB reader", ({ expect }) => {
    const text = "abcabcabcabcabcabcabcabcabcabc".repeat(20);
    const compressed = lzfCompress(text, text.length - 4);
    expect(compressed?.length).toBeLessThan(40);
    const writer = new DumpWriter();
    writer.string(text);
    expect(new DumpReader(writer.toString()).string()).toBe(text);
  });

  test("gives up when the output would not be smaller", ({ expect }) => {
    expect(lzfCompress("the quick brown fox jumps", 21)).toBeUndefined();
  });

  test("round-trips pseudo-random data of many sizes", ({ expect }) => {
    let seed = 7;
    for (const size of [21, 40, 100, 1000, 20_000]) {
      let text = "";
      for (let i = 0; i < size; i++) {
        seed = (seed * 1103515245 + 12345) >>> 0;
        // A small alphabet, so there are matches to find.
        text += String.fromCharCode(97 + ((seed >>> 16) % 4));
      }
      const writer = new DumpWriter();
      writer.string(text);
      expect(new DumpReader(writer.toString()).string(), String(size)).toBe(text);
    }
  });
});

describe("DUMP/RESTORE of containers", () => {
  test.for([
    ["listpack list", ["RPUSH", "k", "a", "12", "-7"], "listpack"],
    [
      "quicklist",
      ["RPUSH", "k", ...Array.from({ length: 300 }, (_, i) => `${"e".repeat(40)}${i}`)],
      "quicklist",
    ],
    ["intset", ["SADD", "k", "3", "1", "2"], "intset"],
    ["listpack set", ["SADD", "k", "a", "b"], "listpack"],
    [
      "hashtable set",
      ["SADD", "k", ...Array.from({ length: 200 }, (_, i) => `m${i}`)],
      "hashtable",
    ],
    ["listpack zset", ["ZADD", "k", "1", "a", "2.5", "b", "-inf", "c"], "listpack"],
    ["skiplist zset", ["ZADD", "k", "1", "x".repeat(100)], "skiplist"],
    ["listpack hash", ["HSET", "k", "f", "v", "n", "1"], "listpack"],
    ["hashtable hash", ["HSET", "k", "f", "v".repeat(100)], "hashtable"],
  ] as const)("%s keeps its contents and encoding", ([, argv, encoding], { expect }) => {
    const { run } = createTestEngine();
    run(...argv);
    const payload = dump(run, "k");
    expect(run("RESTORE", "copy", "0", payload)).toEqual(r.ok);
    expect(run("OBJECT", "ENCODING", "copy")).toEqual(r.bulk(encoding));
    expect(dump(run, "copy")).toBe(payload);
    for (const check of [
      ["LRANGE", "0", "-1"],
      ["SMEMBERS"],
      ["ZRANGE", "0", "-1", "WITHSCORES"],
      ["HGETALL"],
    ]) {
      const [name = "", ...rest] = check;
      expect(run(name, "copy", ...rest)).toEqual(run(name, "k", ...rest));
    }
  });

  test("RESTORE converts by the configured limits, DUMP splits lists by them", ({ expect }) => {
    const { run } = createTestEngine();
    run("SADD", "ints", "1", "2", "3");
    run("HSET", "hash", "a", "1", "b", "2", "c", "3");
    run("CONFIG", "SET", "set-max-intset-entries", "2");
    run("CONFIG", "SET", "hash-max-listpack-entries", "2");
    run("RESTORE", "ints-copy", "0", dump(run, "ints"));
    run("RESTORE", "hash-copy", "0", dump(run, "hash"));
    expect(run("OBJECT", "ENCODING", "ints-copy")).toEqual(r.bulk("hashtable"));
    expect(run("OBJECT", "ENCODING", "hash-copy")).toEqual(r.bulk("hashtable"));
    // Five entries per node: 12 elements make 3 quicklist nodes.
    run("CONFIG", "SET", "list-max-listpack-size", "5");
    run("RPUSH", "list", ...Array.from({ length: 12 }, (_, i) => `e${i}`));
    expect(run("OBJECT", "ENCODING", "list")).toEqual(r.bulk("quicklist"));
    const payload = dump(run, "list");
    expect(payload.charCodeAt(0)).toBe(18);
    expect(payload.charCodeAt(1)).toBe(3);
    expect(run("RESTORE", "list-copy", "0", payload)).toEqual(r.ok);
    expect(run("LRANGE", "list-copy", "0", "-1")).toEqual(run("LRANGE", "list", "0", "-1"));
    expect(run("OBJECT", "ENCODING", "list-copy")).toEqual(r.bulk("quicklist"));
  });

  test("hash field TTLs survive, in listpackex and hashtable hashes", ({ expect }) => {
    const { run, clock } = createTestEngine();
    const now = clock.now();
    run("HSET", "small", "a", "1", "b", "2", "c", "3");
    run("HPEXPIREAT", "small", String(now + 5000), "FIELDS", "1", "b");
    run("HPEXPIREAT", "small", String(now + 3000), "FIELDS", "1", "c");
    run("HSET", "large", ...Array.from({ length: 600 }, (_, i) => [`f${i}`, "v"]).flat());
    run("HPEXPIREAT", "large", String(now + 4000), "FIELDS", "2", "f3", "f140");
    for (const [key, encoding, fields] of [
      ["small", "listpackex", ["a", "b", "c"]],
      ["large", "hashtable", ["f0", "f3", "f140"]],
    ] as const) {
      expect(run("RESTORE", `${key}-copy`, "0", dump(run, key))).toEqual(r.ok);
      expect(run("OBJECT", "ENCODING", `${key}-copy`)).toEqual(r.bulk(encoding));
      const ttls = ["HPEXPIRETIME", "FIELDS", "3", ...fields];
      expect(run(ttls[0] ?? "", `${key}-copy`, ...ttls.slice(1))).toEqual(
        run(ttls[0] ?? "", key, ...ttls.slice(1)),
      );
    }
    // Listpackex order (TTL fields first, soonest first) is kept.
    expect(run("HGETALL", "small-copy")).toEqual(run("HGETALL", "small"));
    clock.advance(3500);
    expect(run("HGETALL", "small-copy")).toEqual(r.bulks("b", "2", "a", "1"));
  });

  test("streams keep entries, IDs, counters, groups and PELs", ({ expect }) => {
    const { run, clock } = createTestEngine();
    for (let i = 1; i <= 250; i++) {
      run("XADD", "s", `${i}-${i % 3}`, "f", String(i), ...(i % 7 === 0 ? ["g", "x"] : []));
    }
    run("XDEL", "s", "10-1");
    run("XGROUP", "CREATE", "s", "g1", "0");
    run("XGROUP", "CREATE", "s", "g2", "$", "ENTRIESREAD", "3");
    run("XREADGROUP", "GROUP", "g1", "alice", "COUNT", "3", "STREAMS", "s", ">");
    clock.advance(100);
    run("XREADGROUP", "GROUP", "g1", "bob", "COUNT", "2", "STREAMS", "s", ">");
    run("XACK", "s", "g1", "2-2");
    run("XGROUP", "CREATECONSUMER", "s", "g2", "idle");
    expect(run("RESTORE", "copy", "0", dump(run, "s"))).toEqual(r.ok);
    expect(run("XINFO", "STREAM", "copy", "FULL")).toEqual(run("XINFO", "STREAM", "s", "FULL"));
    expect(run("XINFO", "GROUPS", "copy")).toEqual(run("XINFO", "GROUPS", "s"));
    expect(run("XPENDING", "copy", "g1", "-", "+", "10")).toEqual(
      run("XPENDING", "s", "g1", "-", "+", "10"),
    );
    expect(dump(run, "copy")).toBe(dump(run, "s"));
  });

  test("an empty stream with a last ID round-trips", ({ expect }) => {
    const { run } = createTestEngine();
    run("XADD", "s", "5-5", "f", "v");
    run("XDEL", "s", "5-5");
    expect(run("RESTORE", "copy", "0", dump(run, "s"))).toEqual(r.ok);
    expect(run("XINFO", "STREAM", "copy")).toEqual(run("XINFO", "STREAM", "s"));
  });

  test("RDB 9 ziplist payloads (Redis 6) restore as lists, hashes and sorted sets", ({
    expect,
  }) => {
    const { run } = createTestEngine();
    // ["ab", 7, -300]: a 6-bit string, an immediate integer and an int16, each after its prevlen.
    const ziplist =
      "\x15\x00\x00\x00\x10\x00\x00\x00\x03\x00\x00\x02ab\x04\xf8\x02\xc0\xd4\xfe\xff";
    const blob = `\x15${ziplist}`;
    expect(run("RESTORE", "list", "0", framePayload(`\x0a${blob}`))).toEqual(r.ok);
    expect(run("LRANGE", "list", "0", "-1")).toEqual(r.bulks("ab", "7", "-300"));
    expect(run("RESTORE", "quick", "0", framePayload(`\x0e\x01${blob}`))).toEqual(r.ok);
    expect(run("LRANGE", "quick", "0", "-1")).toEqual(r.bulks("ab", "7", "-300"));
    // [first, second, "n", 7]: a hash, or a sorted set when `second` is a score.
    const pairs = (first: string, second: string): string => {
      const entries = `\x00\x01${first}\x03\x01${second}\x03\x01n\x03\xf8`;
      const total = 10 + entries.length + 1;
      return `${String.fromCharCode(total)}${String.fromCharCode(total)}\x00\x00\x00\x0e\x00\x00\x00\x04\x00${entries}\xff`;
    };
    expect(run("RESTORE", "hash", "0", framePayload(`\x0d${pairs("f", "v")}`))).toEqual(r.ok);
    expect(run("HGETALL", "hash")).toEqual(r.bulks("f", "v", "n", "7"));
    expect(run("RESTORE", "zset", "0", framePayload(`\x0c${pairs("m", "2")}`))).toEqual(r.ok);
    expect(run("ZRANGE", "zset", "0", "-1", "WITHSCORES")).toEqual(r.bulks("m", "2", "n", "7"));
    // A score that is no number.
    expect(run("RESTORE", "bad", "0", framePayload(`\x0c${pairs("m", "x")}`))).toEqual(
      r.err(ERR.BAD_DATA_FORMAT),
    );
  });

  test.for([
    ["an unknown type byte", "\x63\x00"],
    ["a truncated list", "\x12\x01\x02"],
    ["an empty set", "\x02\x00"],
    ["a duplicate set member", "\x02\x02\x01a\x01a"],
    ["an odd hash listpack", `\x10${String.fromCharCode(9)}\x09\x00\x00\x00\x01\x00\x81a\x02\xff`],
    ["a ziplist (pre-RDB 10) list", "\x0a\x00"],
  ] as const)("%s is Bad data format", ([, object], { expect }) => {
    const { run } = createTestEngine();
    expect(run("RESTORE", "k", "0", framePayload(object))).toEqual(r.err(ERR.BAD_DATA_FORMAT));
  });
});
