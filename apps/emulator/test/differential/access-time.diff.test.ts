/**
 * OBJECT FREQ and OBJECT IDLETIME against redis-server 7.0, where time cannot move between the
 * two servers alike: a new key's LFU counter (5), the first use that always raises it, lookups that
 * do not count as a use (TYPE, EXISTS, TTL, OBJECT), and each subcommand refused under the other
 * kind of policy. Idle times as time passes are unit-tested on a ManualClock (access-time.test.ts).
 */
import { afterAll, beforeAll, describe, test } from "vitest";
import {
  canRunDifferential,
  firstDifference,
  runBoth,
  type Step,
  startTargets,
  type Targets,
} from "./harness.ts";

describe.runIf(canRunDifferential)("access times (differential)", () => {
  let targets: Targets;

  beforeAll(async () => {
    targets = await startTargets();
  });

  afterAll(async () => {
    await targets.close();
  });

  const steps: readonly Step[] = [
    ["CONFIG", "SET", "maxmemory-policy", "allkeys-lfu"],
    ["SET", "k", "v"],
    ["OBJECT", "FREQ", "k"],
    ["GET", "k"],
    ["OBJECT", "FREQ", "k"],
    ["OBJECT", "FREQ", "missing"],
    ["OBJECT", "IDLETIME", "k"],
    ["OBJECT", "IDLETIME", "missing"],
    ["SET", "k", "w"],
    // Past 5 a use raises the counter with probability 1/(10·(counter − 5) + 1) (LFULogIncr):
    // 6 or 7 on either server.
    { argv: ["OBJECT", "FREQ", "k"], compare: "kind" },
    ["HSET", "h", "f", "v"],
    ["TYPE", "h"],
    ["EXISTS", "h"],
    ["TTL", "h"],
    ["OBJECT", "ENCODING", "h"],
    ["OBJECT", "FREQ", "h"],
    ["CONFIG", "SET", "maxmemory-policy", "noeviction"],
    ["OBJECT", "FREQ", "k"],
    ["SET", "fresh", "1"],
    // 0 or 1: a second may turn between SET and OBJECT on either server.
    { argv: ["OBJECT", "IDLETIME", "fresh"], compare: "kind" },
  ];

  test("OBJECT FREQ and IDLETIME under LFU and LRU policies", async ({ expect }) => {
    expect(firstDifference(await runBoth(targets, steps))).toBeUndefined();
  });
});
