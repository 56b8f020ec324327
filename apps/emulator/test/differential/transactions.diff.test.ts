/**
 * MULTI, EXEC, DISCARD, WATCH and UNWATCH against redis-server 7.0, each script on one
 * connection (a connection's own writes to a watched key abort its transaction too).
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, test } from "vitest";
import { command, key, value } from "./arbitraries.ts";
import {
  canRunDifferential,
  firstDifference,
  runBoth,
  type Step,
  startTargets,
  type Targets,
} from "./harness.ts";

describe.skipIf(!canRunDifferential)("transactions against redis-server", () => {
  let targets: Targets;
  beforeAll(async () => {
    targets = await startTargets();
  });
  afterAll(async () => {
    await targets.close();
  });

  const scripts: Record<string, Step[]> = {
    "MULTI and EXEC": [
      ["MULTI"],
      ["SET", "k", "v"],
      ["INCR", "k"],
      ["GET", "k"],
      ["EXEC"],
      ["MULTI"],
      ["EXEC"],
    ],
    "errors outside a transaction": [["EXEC"], ["DISCARD"], ["MULTI"], ["MULTI"], ["DISCARD"]],
    "a queueing error aborts EXEC": [
      ["MULTI"],
      ["SET", "k", "v"],
      ["NOSUCHCOMMAND"],
      ["GET"],
      ["EXEC"],
      ["EXISTS", "k"],
    ],
    // `rejectCommand` turns EXEC's own arity error into EXECABORT and discards the transaction
    // and the WATCHes, in MULTI or not.
    "EXEC with arguments": [
      ["EXEC", "x"],
      ["MULTI"],
      ["SET", "k", "v"],
      ["EXEC", "x"],
      ["GET", "k"],
      ["EXEC"],
      ["SET", "w", "1"],
      ["WATCH", "w"],
      ["EXEC", "x"],
      ["SET", "w", "2"],
      ["MULTI"],
      ["GET", "w"],
      ["EXEC"],
    ],
    "PING with too many arguments is queued, then fails": [
      ["PING", "a", "b"],
      ["MULTI"],
      ["PING", "a", "b"],
      ["PING", "a"],
      ["EXEC"],
    ],
    "commands that cannot be queued": [["MULTI"], ["WATCH", "k"], ["SET", "k", "v"], ["EXEC"]],
    DISCARD: [["MULTI"], ["SET", "k", "v"], ["DISCARD"], ["EXISTS", "k"], ["EXEC"]],
    "WATCH and a write from the same connection": [
      ["SET", "k", "1"],
      ["WATCH", "k"],
      ["SET", "k", "2"],
      ["MULTI"],
      ["SET", "k", "3"],
      ["EXEC"],
      ["GET", "k"],
      ["WATCH", "k"],
      ["MULTI"],
      ["SET", "k", "4"],
      ["EXEC"],
      ["GET", "k"],
    ],
    "WATCH of a missing key, expiry and deletion": [
      ["WATCH", "nokey"],
      ["MULTI"],
      ["PING"],
      ["EXEC"],
      ["WATCH", "nokey"],
      ["DEL", "nokey"],
      ["MULTI"],
      ["PING"],
      ["EXEC"],
      ["SET", "gone", "v"],
      ["WATCH", "gone"],
      ["DEL", "gone"],
      ["MULTI"],
      ["PING"],
      ["EXEC"],
      ["SET", "k", "v"],
      ["WATCH", "k"],
      ["EXPIRE", "k", "100"],
      ["MULTI"],
      ["PING"],
      ["EXEC"],
    ],
    "UNWATCH and DISCARD forget the watched keys": [
      ["WATCH", "k"],
      ["SET", "k", "1"],
      ["UNWATCH"],
      ["MULTI"],
      ["GET", "k"],
      ["EXEC"],
      ["WATCH", "k"],
      ["SET", "k", "2"],
      ["MULTI"],
      ["DISCARD"],
      ["MULTI"],
      ["GET", "k"],
      ["EXEC"],
    ],
    "run-time errors inside EXEC": [
      ["SET", "s", "text"],
      ["MULTI"],
      ["INCR", "s"],
      ["LPUSH", "s", "x"],
      ["SET", "t", "1"],
      ["INCR", "t"],
      ["EXEC"],
    ],
    // Redis 7.0's touchAllWatchedKeysInDb: only watched keys the emptied (or swapped-in) database
    // held are dirtied, so EXEC still runs when the watched key existed nowhere.
    "FLUSHALL and SWAPDB dirty only watched keys that existed": [
      ["WATCH", "missing"],
      ["FLUSHALL"],
      ["MULTI"],
      ["PING"],
      ["EXEC"],
      ["SELECT", "1"],
      ["SET", "w", "1"],
      ["SELECT", "0"],
      ["WATCH", "w"],
      ["SWAPDB", "0", "1"],
      ["MULTI"],
      ["PING"],
      ["EXEC"],
      ["FLUSHALL"],
    ],
    "FLUSHALL and SELECT inside a transaction": [
      ["SET", "k", "v"],
      ["WATCH", "k"],
      ["FLUSHALL"],
      ["MULTI"],
      ["PING"],
      ["EXEC"],
      ["MULTI"],
      ["SELECT", "1"],
      ["SET", "k", "db1"],
      ["SELECT", "0"],
      ["EXEC"],
      ["GET", "k"],
      ["SELECT", "1"],
      ["GET", "k"],
      ["FLUSHDB"],
      ["SELECT", "0"],
    ],
  };

  for (const [name, steps] of Object.entries(scripts)) {
    test(name, async ({ expect }) => {
      // DISCARD first, so a failed script does not leave the next one inside MULTI.
      await Promise.all([targets.stratus.call("DISCARD"), targets.redis.call("DISCARD")]);
      expect(firstDifference(await runBoth(targets, steps))).toBeUndefined();
    });
  }

  const transactionCommand: fc.Arbitrary<Step> = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(["MULTI"], ["EXEC"], ["DISCARD"]) },
    { weight: 2, arbitrary: command("WATCH", key) },
    { weight: 1, arbitrary: fc.constant(["UNWATCH"]) },
    { weight: 3, arbitrary: command("SET", key, value) },
    { weight: 2, arbitrary: command("INCR", key) },
    { weight: 2, arbitrary: command("LPUSH", key, value) },
    { weight: 2, arbitrary: command("GET", key) },
    { weight: 1, arbitrary: command("DEL", key) },
    { weight: 1, arbitrary: command("TYPE", key) },
    { weight: 1, arbitrary: command("EXISTS", key) },
    { weight: 1, arbitrary: fc.constant(["NOSUCHCOMMAND"]) },
  );

  test("generated sequences give the same replies", async ({ expect }) => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(transactionCommand, { minLength: 1, maxLength: 25 }),
        async (steps) => {
          await Promise.all([targets.stratus.call("DISCARD"), targets.redis.call("DISCARD")]);
          await Promise.all([targets.stratus.call("UNWATCH"), targets.redis.call("UNWATCH")]);
          expect(firstDifference(await runBoth(targets, steps))).toBeUndefined();
        },
      ),
      { numRuns: 40 },
    );
  });
});
