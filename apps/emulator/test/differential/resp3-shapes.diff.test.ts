/**
 * RESP3 shapes added since the first RESP3 release, against redis-server 7.0 under both protocols:
 * LCS … IDX is a map (its string and LEN forms are not).
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

describe.runIf(canRunDifferential)("RESP3 shapes (differential)", () => {
  let targets: Targets;

  beforeAll(async () => {
    targets = await startTargets();
  });

  afterAll(async () => {
    await targets.close();
  });

  const steps: readonly Step[] = [
    ["SET", "a", "ohmytext"],
    ["SET", "b", "mynewtext"],
    ["LCS", "a", "b"],
    ["LCS", "a", "b", "LEN"],
    ["LCS", "a", "b", "IDX"],
    ["LCS", "a", "b", "IDX", "MINMATCHLEN", "2", "WITHMATCHLEN"],
    ["LCS", "a", "missing", "IDX"],
  ];

  test("LCS", async ({ expect }) => {
    expect(firstDifference(await runBoth(targets, steps))).toBeUndefined();
  });
});
