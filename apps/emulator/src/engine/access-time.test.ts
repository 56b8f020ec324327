import { describe, test } from "vitest";
import { createTestEngine, r } from "./test-support.ts";

describe("access time (OBJECT IDLETIME)", () => {
  test("lookups touch a key; TTL, TYPE, EXISTS, OBJECT and SCAN do not", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("SET", "k", "v");
    clock.advance(5_000);
    expect(run("OBJECT", "IDLETIME", "k")).toEqual(r.int(5));
    run("TTL", "k");
    run("PTTL", "k");
    run("TYPE", "k");
    run("EXISTS", "k");
    run("OBJECT", "ENCODING", "k");
    run("SCAN", "0");
    run("KEYS", "*");
    run("DEBUG", "OBJECT", "k");
    run("MEMORY", "USAGE", "k");
    expect(run("OBJECT", "IDLETIME", "k")).toEqual(r.int(5));
    run("GET", "k");
    expect(run("OBJECT", "IDLETIME", "k")).toEqual(r.int(0));
    clock.advance(3_000);
    run("APPEND", "k", "x");
    expect(run("OBJECT", "IDLETIME", "k")).toEqual(r.int(0));
  });

  test("CLIENT NO-TOUCH: lookups leave the time alone, TOUCH still touches", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("SET", "k", "v");
    run("CLIENT", "NO-TOUCH", "on");
    clock.advance(7_000);
    run("GET", "k");
    expect(run("OBJECT", "IDLETIME", "k")).toEqual(r.int(7));
    run("EVAL", "return redis.call('get', KEYS[1])", "1", "k");
    expect(run("OBJECT", "IDLETIME", "k")).toEqual(r.int(7));
    run("TOUCH", "k");
    expect(run("OBJECT", "IDLETIME", "k")).toEqual(r.int(0));
    clock.advance(2_000);
    run("CLIENT", "NO-TOUCH", "off");
    run("GET", "k");
    expect(run("OBJECT", "IDLETIME", "k")).toEqual(r.int(0));
  });

  test("follows the key through SWAPDB and forgets it with the key", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("SET", "k", "v");
    clock.advance(4_000);
    run("SWAPDB", "0", "1");
    run("SELECT", "1");
    expect(run("OBJECT", "IDLETIME", "k")).toEqual(r.int(4));
    run("DEL", "k");
    expect(run("OBJECT", "IDLETIME", "k")).toEqual(r.nil);
  });
});

describe("access frequency (OBJECT FREQ under an LFU policy)", () => {
  test("starts at 5, the first use always counts, and decays one per lfu-decay-time minutes", ({
    expect,
  }) => {
    const { run, clock } = createTestEngine();
    expect(run("CONFIG", "SET", "maxmemory-policy", "allkeys-lfu")).toEqual(r.ok);
    run("SET", "k", "v");
    expect(run("OBJECT", "FREQ", "k")).toEqual(r.int(5));
    run("GET", "k");
    expect(run("OBJECT", "FREQ", "k")).toEqual(r.int(6));
    // An overwrite keeps the counter (dbSetValue under LFU).
    run("SET", "k", "w");
    expect(run("OBJECT", "FREQ", "k")).toEqual(r.int(6));
    clock.advance(3 * 60_000);
    expect(run("OBJECT", "FREQ", "k")).toEqual(r.int(3));
    // OBJECT FREQ reports the decay without storing it: without decay the stored 6 shows again.
    run("CONFIG", "SET", "lfu-decay-time", "0");
    clock.advance(60 * 60_000);
    expect(run("OBJECT", "FREQ", "k")).toEqual(r.int(6));
    expect(run("OBJECT", "IDLETIME", "k").kind).toBe("error");
  });

  test("many uses raise the counter logarithmically, never past 255", ({ expect }) => {
    const { run } = createTestEngine();
    run("CONFIG", "SET", "maxmemory-policy", "allkeys-lfu");
    run("CONFIG", "SET", "lfu-log-factor", "0");
    run("SET", "k", "v");
    for (let i = 0; i < 300; i++) {
      run("GET", "k");
    }
    expect(run("OBJECT", "FREQ", "k")).toEqual(r.int(255));
  });
});
