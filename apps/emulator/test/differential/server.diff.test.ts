/**
 * Server commands against redis-server 7.0: DBSIZE, FLUSHDB/FLUSHALL, SWAPDB, and COMMAND INFO of
 * common commands compared field by field. Fields left out of the COMMAND INFO comparison, where
 * Redis 8 (which the engine's table follows) differs from 7.0:
 * - tips (index 7): Redis 7.2+ reworded and added tips (e.g. `request_policy`/`nondeterministic_output`
 *   on more commands);
 * - key specifications (index 8): 7.2+ changed several specs' flags and begin-search details;
 * - subcommands (index 9) are compared by the same fields, only those 7.0 has (later releases
 *   added e.g. CLIENT NO-TOUCH and SETINFO).
 * Plain `COMMAND` is compared for every command both servers know (arity, flags, first/last/step
 * and ACL categories), with the deliberate 7.2+ changes listed in `KNOWN_TABLE_DIFFERENCES`.
 * COMMAND COUNT, COMMAND LIST and COMMAND DOCS are not diffed: the command sets differ by design.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, test } from "vitest";
import { command, key, value } from "./arbitraries.ts";
import {
  canRunDifferential,
  firstDifference,
  runBoth,
  type Step,
  show,
  startTargets,
  type Targets,
} from "./harness.ts";

/** Commands whose COMMAND INFO is compared; all exist in 7.0. */
const COMMON_COMMANDS = [
  "GET",
  "SET",
  "DEL",
  "EXISTS",
  "EXPIRE",
  "TTL",
  "INCR",
  "INCRBYFLOAT",
  "MGET",
  "MSET",
  "APPEND",
  "SETRANGE",
  "GETEX",
  "HSET",
  "HGET",
  "HGETALL",
  "HINCRBY",
  "HSCAN",
  "LPUSH",
  "RPUSH",
  "LPOP",
  "LRANGE",
  "LMOVE",
  "BLPOP",
  "BLMPOP",
  "SADD",
  "SMEMBERS",
  "SINTERCARD",
  "SPOP",
  "ZADD",
  "ZRANGE",
  "ZSCORE",
  "ZUNIONSTORE",
  "BZPOPMIN",
  "XADD",
  "XRANGE",
  "XREADGROUP",
  "GEOADD",
  "GEOSEARCH",
  "PFADD",
  "PFCOUNT",
  "BITCOUNT",
  "PUBLISH",
  "SUBSCRIBE",
  "PSUBSCRIBE",
  "MULTI",
  "EXEC",
  "WATCH",
  "PING",
  "ECHO",
  "SELECT",
  "SCAN",
  "KEYS",
  "TYPE",
  "RENAME",
  "COPY",
  "DBSIZE",
  "FLUSHDB",
  "FLUSHALL",
  "SWAPDB",
  "CLIENT",
  "COMMAND",
  "CONFIG",
  "OBJECT",
  "TIME",
] as const;

/** [name, arity, flags, first key, last key, step, ACL categories] of one COMMAND INFO entry. */
function comparable(entry: unknown): unknown {
  if (!Array.isArray(entry)) {
    return entry;
  }
  const [name, arity, flags, first, last, step, categories, , , subcommands] = entry as unknown[];
  const sorted = (list: unknown): unknown => (Array.isArray(list) ? [...list].sort() : list);
  return {
    name,
    arity,
    flags: sorted(flags),
    keys: [first, last, step],
    categories: sorted(categories),
    subcommands: Array.isArray(subcommands)
      ? Object.fromEntries(
          subcommands.map((sub) => [String((sub as unknown[])[0]), comparable(sub)]),
        )
      : subcommands,
  };
}

/**
 * Where the engine's table (Redis 8's metadata) deliberately differs from 7.0's COMMAND output, as
 * `name field` entries. Everything else both servers know must match.
 */
const KNOWN_TABLE_DIFFERENCES = [
  // Redis 7.2 added ZRANK/ZREVRANK key [WITHSCORE].
  "zrank arity",
  "zrevrank arity",
  // Redis 7.4 made WAIT a blocking command and allowed it in scripts (#12977: no more noscript).
  "wait flags",
  "wait categories",
  // Later releases flag the script runners may_replicate (src/commands/eval.json and friends).
  "eval flags",
  "evalsha flags",
  "fcall flags",
];

/** Every command and subcommand of a plain `COMMAND` reply, by name, with the compared fields. */
function tableOf(reply: unknown): Map<string, Record<string, unknown>> {
  const table = new Map<string, Record<string, unknown>>();
  const sorted = (list: unknown): unknown => (Array.isArray(list) ? [...list].sort() : list);
  const add = (entry: unknown): void => {
    const [name, arity, flags, first, last, step, categories, , , subcommands] = entry as unknown[];
    table.set(String(name), {
      arity,
      flags: sorted(flags),
      keys: [first, last, step],
      categories: sorted(categories),
    });
    for (const sub of Array.isArray(subcommands) ? subcommands : []) {
      add(sub);
    }
  };
  for (const entry of Array.isArray(reply) ? reply : []) {
    add(entry);
  }
  return table;
}

describe.skipIf(!canRunDifferential)("server commands against redis-server", () => {
  let targets: Targets;
  beforeAll(async () => {
    targets = await startTargets();
  });
  afterAll(async () => {
    await targets.close();
  });

  test.for(COMMON_COMMANDS)("COMMAND INFO %s", async (name, { expect }) => {
    const [stratus, redis] = await Promise.all([
      targets.stratus.call("COMMAND", "INFO", name),
      targets.redis.call("COMMAND", "INFO", name),
    ]);
    const [ours] = show(stratus) as unknown[];
    const [theirs] = show(redis) as unknown[];
    const expected = comparable(theirs) as { subcommands: unknown };
    const actual = comparable(ours) as { subcommands: unknown };
    // Only the subcommands 7.0 has.
    if (
      typeof expected.subcommands === "object" &&
      expected.subcommands !== null &&
      typeof actual.subcommands === "object" &&
      actual.subcommands !== null
    ) {
      const names = Object.keys(expected.subcommands);
      actual.subcommands = Object.fromEntries(
        Object.entries(actual.subcommands).filter(([sub]) => names.includes(sub)),
      );
    }
    expect(actual).toEqual(expected);
  });

  test("plain COMMAND: arity, flags, key range and ACL categories of every command", async ({
    expect,
  }) => {
    const [stratus, redis] = await Promise.all([
      targets.stratus.call("COMMAND"),
      targets.redis.call("COMMAND"),
    ]);
    const ours = tableOf(show(stratus));
    const theirs = tableOf(show(redis));
    expect(ours.size).toBeGreaterThan(200);
    const differences: string[] = [];
    const details: Record<string, unknown> = {};
    for (const [name, expected] of theirs) {
      const actual = ours.get(name);
      if (actual === undefined) {
        continue; // cluster, replication and a few admin commands the engine does not have
      }
      for (const field of ["arity", "flags", "keys", "categories"]) {
        if (JSON.stringify(actual[field]) !== JSON.stringify(expected[field])) {
          differences.push(`${name} ${field}`);
          details[`${name} ${field}`] = { engine: actual[field], redis: expected[field] };
        }
      }
    }
    expect(differences.sort(), JSON.stringify(details)).toEqual(
      [...KNOWN_TABLE_DIFFERENCES].sort(),
    );
  });

  const scripts: Record<string, Step[]> = {
    "COMMAND INFO of unknown commands and COMMAND GETKEYS": [
      ["COMMAND", "INFO", "nosuchcommand"],
      ["COMMAND", "GETKEYS", "SET", "k", "v"],
      ["COMMAND", "GETKEYS", "MSET", "a", "1", "b", "2"],
      ["COMMAND", "GETKEYS", "ZUNIONSTORE", "dst", "2", "a", "b"],
      ["COMMAND", "GETKEYS", "PING"],
      ["COMMAND", "GETKEYS", "NOSUCH", "k"],
      ["COMMAND", "GETKEYS", "SET", "k"],
    ],
    "DBSIZE, FLUSHDB and FLUSHALL": [
      ["DBSIZE"],
      ["MSET", "a", "1", "b", "2", "c", "3"],
      ["RPUSH", "l", "x"],
      ["DBSIZE"],
      ["SELECT", "1"],
      ["DBSIZE"],
      ["SET", "one", "1"],
      ["DBSIZE"],
      ["FLUSHDB"],
      ["DBSIZE"],
      ["SELECT", "0"],
      ["DBSIZE"],
      ["FLUSHDB", "ASYNC"],
      ["DBSIZE"],
      ["SET", "a", "1"],
      ["FLUSHDB", "SYNC"],
      ["FLUSHDB", "LAZY"],
      ["FLUSHDB", "SYNC", "ASYNC"],
      ["SET", "a", "1"],
      ["SELECT", "2"],
      ["SET", "b", "2"],
      ["FLUSHALL", "SYNC"],
      ["DBSIZE"],
      ["SELECT", "0"],
      ["DBSIZE"],
      ["FLUSHALL", "NOPE"],
    ],
    // No millisecond TTLs here: whether a key 1 ms from expiry is still counted depends on timing.
    "DBSIZE counts keys that have not expired": [
      ["SET", "b", "1", "EX", "100"],
      ["EXPIREAT", "b", "1"],
      ["SET", "c", "1"],
      ["KEYS", "b"],
      ["DBSIZE"],
    ],
    SWAPDB: [
      ["SET", "k", "db0"],
      ["SELECT", "1"],
      ["SET", "k", "db1"],
      ["SET", "only1", "x"],
      ["SWAPDB", "0", "1"],
      ["GET", "k"],
      ["DBSIZE"],
      ["SELECT", "0"],
      ["GET", "k"],
      ["DBSIZE"],
      ["SWAPDB", "0", "0"],
      ["SWAPDB", "0", "16"],
      ["SWAPDB", "0", "x"],
      ["SELECT", "1"],
      ["FLUSHDB"],
      ["SELECT", "0"],
    ],
    "SELECT, PING, ECHO and TIME": [
      ["SELECT", "16"],
      ["SELECT", "-1"],
      ["SELECT", "x"],
      ["PING"],
      ["PING", "hello"],
      ["ECHO", ""],
      { argv: ["TIME"], compare: "kind" },
      ["TIME", "extra"],
    ],
  };

  for (const [name, steps] of Object.entries(scripts)) {
    test(name, async ({ expect }) => {
      await Promise.all([targets.stratus.call("SELECT", "0"), targets.redis.call("SELECT", "0")]);
      expect(firstDifference(await runBoth(targets, steps))).toBeUndefined();
    });
  }

  const db = fc.constantFrom("0", "1", "2");
  const serverCommand: fc.Arbitrary<Step> = fc.oneof(
    command("SET", key, value),
    command("RPUSH", key, value),
    command("DEL", key),
    command("TYPE", key),
    command("EXISTS", key, key),
    command("DBSIZE"),
    command("FLUSHDB"),
    command("SELECT", db),
    command("SWAPDB", db, db),
    command("MOVE", key, db),
  );

  test("generated sequences give the same replies", async ({ expect }) => {
    await fc.assert(
      fc.asyncProperty(fc.array(serverCommand, { minLength: 1, maxLength: 25 }), async (steps) => {
        await Promise.all([targets.stratus.call("SELECT", "0"), targets.redis.call("SELECT", "0")]);
        expect(firstDifference(await runBoth(targets, steps))).toBeUndefined();
      }),
      { numRuns: 40 },
    );
  });
});
