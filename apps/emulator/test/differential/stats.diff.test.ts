/**
 * INFO errorstats, commandstats and `total_error_replies` against redis-server 7.0: which errors
 * count under which prefix, and which commands count a call, a rejected call or a failed call —
 * from the dispatcher, from MULTI's queue and from scripts (`redis.call`, `redis.pcall`,
 * `redis.error_reply`, a read-only script's refused write). Timings (`usec`) are not compared.
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

const stats = (...sections: string[]): Step => ({ argv: ["INFO", ...sections], compare: "stats" });

describe.runIf(canRunDifferential)("INFO errorstats and commandstats (differential)", () => {
  let targets: Targets;

  beforeAll(async () => {
    targets = await startTargets();
  });

  afterAll(async () => {
    await targets.close();
  });

  const scripts: Record<string, readonly Step[]> = {
    "errors of the dispatcher: unknown commands, arity, unknown subcommands, runtime errors": [
      ["CONFIG", "RESETSTAT"],
      ["SET", "a", "1"],
      ["LPUSH", "a", "x"],
      ["GET"],
      ["NOSUCH"],
      ["CONFIG", "GET"],
      ["CONFIG", "NOSUCH"],
      ["INCR", "a"],
      ["SET", "a", "x"],
      ["INCR", "a"],
      stats("errorstats"),
      stats("commandstats"),
    ],
    "errors of scripts are counted once": [
      ["CONFIG", "RESETSTAT"],
      ["SET", "a", "1"],
      ["EVAL", "return redis.error_reply('MY bad')", "0"],
      ["EVAL", "return redis.call('lpush','a','x')", "0"],
      ["EVAL", "return redis.pcall('lpush','a','x')", "0"],
      ["EVAL", "local e = redis.pcall('lpush','a','x'); return redis.error_reply('MY x')", "0"],
      ["EVAL", "redis.pcall('lpush','a','x'); return 1", "0"],
      ["EVAL", "return redis.call('nosuch')", "0"],
      ["EVAL", "return redis.pcall('nosuch')", "0"],
      ["EVAL_RO", "return redis.call('set','a','x')", "0"],
      ["EVAL", "return {err='Xyz bad'}", "0"],
      ["EVAL", "return {err='nospace'}", "0"],
      stats("errorstats"),
      stats("commandstats"),
    ],
    "MULTI: queueing errors are rejections, EXECABORT fails EXEC": [
      ["CONFIG", "RESETSTAT"],
      ["MULTI"],
      ["GET"],
      ["SET", "a", "b"],
      ["EXEC"],
      ["EXEC"],
      ["MULTI"],
      ["WATCH", "x"],
      ["MULTI"],
      ["LPUSH", "a", "b"],
      ["SET", "a", "b"],
      ["LPUSH", "a", "b"],
      ["EXEC"],
      ["DISCARD"],
      stats("errorstats"),
      stats("commandstats"),
    ],
    "a blocking command that times out counts a call when it answers": [
      ["CONFIG", "RESETSTAT"],
      ["BLPOP", "nolist", "0.01"],
      ["BZPOPMIN", "nozset", "0.01"],
      ["RPUSH", "l", "a"],
      ["BLPOP", "l", "0.01"],
      stats("errorstats"),
      stats("commandstats"),
    ],
    "several sections in one INFO call; CONFIG RESETSTAT empties both": [
      ["CONFIG", "RESETSTAT"],
      ["GET"],
      stats("errorstats", "commandstats"),
      ["CONFIG", "RESETSTAT"],
      stats("errorstats", "commandstats"),
    ],
  };

  for (const [name, steps] of Object.entries(scripts)) {
    test(name, async ({ expect }) => {
      expect(firstDifference(await runBoth(targets, steps))).toBeUndefined();
    });
  }
});
