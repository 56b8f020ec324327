import fc from "fast-check";
import { afterAll, beforeAll, describe, test } from "vitest";
import { command, count, int, key, value } from "./arbitraries.ts";
import {
  canRunDifferential,
  firstDifference,
  runBoth,
  type Step,
  startTargets,
  type Targets,
} from "./harness.ts";

describe.skipIf(!canRunDifferential)("string commands against redis-server", () => {
  let targets: Targets;
  beforeAll(async () => {
    targets = await startTargets();
  });
  afterAll(async () => {
    await targets.close();
  });

  const scripts: Record<string, Step[]> = {
    "SET options": [
      ["SET", "k", "v", "NX"],
      ["SET", "k", "w", "NX"],
      ["SET", "k", "w", "XX", "GET"],
      ["SET", "k", "v", "NX", "XX"],
      ["SET", "k", "v", "EX", "0"],
      ["SET", "k", "v", "EX", "x"],
      ["SET", "k", "v", "KEEPTTL", "PX", "5"],
      ["SET", "k"],
      ["GET", "k"],
      ["GET", "missing"],
    ],
    // Redis's limits, lowered so that no step builds much: the same errors, and BITFIELD growing
    // past the limit by its field's width. Near 512 MiB the engine refuses where redis-server grows
    // (engine/README.md, "Length limit"), so those offsets are left out here and in `count`.
    "proto-max-bulk-len": [
      ["CONFIG", "SET", "proto-max-bulk-len", "1mb"],
      ["SETRANGE", "k", "1048576", "x"],
      ["SETRANGE", "k", "1048575", "x"],
      ["APPEND", "k", "y"],
      ["STRLEN", "k"],
      ["SETBIT", "b", "8388608", "1"],
      ["SETBIT", "b", "8388607", "1"],
      ["GETBIT", "b", "8388608"],
      ["BITFIELD", "f", "SET", "u63", "8388608", "1"],
      ["BITFIELD", "f", "SET", "u63", "8388607", "1"],
      ["STRLEN", "f"],
      ["BITFIELD_RO", "f", "GET", "u8", "8388608"],
      ["CONFIG", "SET", "proto-max-bulk-len", "536870912"],
    ],
  };

  for (const [name, steps] of Object.entries(scripts)) {
    test(name, async ({ expect }) => {
      expect(firstDifference(await runBoth(targets, steps))).toBeUndefined();
    });
  }

  const stringCommand = fc.oneof(
    command("SET", key, value),
    command("GET", key),
    command("APPEND", key, value),
    command("INCR", key),
    command("INCRBY", key, int),
    command("DECRBY", key, int),
    command("STRLEN", key),
    command("GETRANGE", key, int, int),
    command("SETRANGE", key, count, value),
    command("GETDEL", key),
    command("MGET", key, key),
    command("MSET", key, value, key, value),
    command("SETNX", key, value),
    command("GETSET", key, value),
    command("DEL", key),
  );

  test("generated sequences give the same replies", async ({ expect }) => {
    await fc.assert(
      fc.asyncProperty(fc.array(stringCommand, { minLength: 1, maxLength: 25 }), async (steps) => {
        expect(firstDifference(await runBoth(targets, steps))).toBeUndefined();
      }),
      { numRuns: 60 },
    );
  });
});
