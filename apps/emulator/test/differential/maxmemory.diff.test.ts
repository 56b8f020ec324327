/**
 * maxmemory's refusals against redis-server 7.0, with a limit both servers are over (1 byte, some
 * data stored): OOM for a write, from a script's `redis.call` and at MULTI queueing (then
 * EXECABORT), while reads still run. Which keys eviction picks is unit-tested
 * (src/engine/eviction.test.ts): the two servers' memory figures differ.
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

describe.runIf(canRunDifferential)("maxmemory noeviction (differential)", () => {
  let targets: Targets;

  beforeAll(async () => {
    targets = await startTargets();
  });

  afterAll(async () => {
    await Promise.all([
      targets.stratus.call("CONFIG", "SET", "maxmemory", "0"),
      targets.redis.call("CONFIG", "SET", "maxmemory", "0"),
    ]);
    await targets.close();
  });

  const steps: readonly Step[] = [
    ["CONFIG", "SET", "maxmemory-policy", "noeviction"],
    ["SET", "a", "b"],
    ["CONFIG", "SET", "maxmemory", "1"],
    ["SET", "c", "d"],
    ["GET", "a"],
    ["EVAL", "return redis.call('set', 'a', 'b')", "0"],
    ["EVAL", "return redis.call('get', 'a')", "0"],
    ["MULTI"],
    ["SET", "a", "b"],
    ["GET", "a"],
    ["EXEC"],
    ["CONFIG", "SET", "maxmemory", "0"],
    ["SET", "c", "d"],
  ];

  test("OOM for writes, in scripts and in MULTI; reads run", async ({ expect }) => {
    expect(firstDifference(await runBoth(targets, steps))).toBeUndefined();
  });
});
