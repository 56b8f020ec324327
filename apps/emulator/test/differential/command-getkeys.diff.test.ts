/**
 * COMMAND GETKEYS, COMMAND INFO of unknown names and COMMAND LIST FILTERBY against redis-server
 * 7.0, for commands both servers have. GETKEYSANDFLAGS is left out: the engine gives each command
 * one flag set (RW/update for writes, RO/access for reads), not Redis's per-key-spec flags.
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

const getkeys = (...argv: string[]): string[] => ["COMMAND", "GETKEYS", ...argv];

describe.runIf(canRunDifferential)("COMMAND GETKEYS, INFO and LIST (differential)", () => {
  let targets: Targets;

  beforeAll(async () => {
    targets = await startTargets();
  });

  afterAll(async () => {
    await targets.close();
  });

  const steps: readonly Step[] = [
    getkeys("EVAL", "return 1", "0"),
    getkeys("EVAL", "return 1", "2", "a", "b", "c"),
    getkeys("EVALSHA", "abc", "1", "a"),
    getkeys("FCALL", "f", "0"),
    getkeys("FCALL_RO", "f", "1", "a"),
    getkeys("SORT", "k", "STORE", "d"),
    getkeys("SORT", "k", "BY", "w_*", "GET", "o_*", "STORE", "d"),
    getkeys("ZUNIONSTORE", "d", "2", "a", "b"),
    getkeys("ZINTERCARD", "0", "a"),
    getkeys("SINTERCARD", "2", "a", "b", "LIMIT", "1"),
    getkeys("LMPOP", "2", "a", "b", "LEFT"),
    getkeys("BZMPOP", "0", "1", "a", "MIN"),
    getkeys("XREAD", "STREAMS", "a", "b", "0", "0"),
    getkeys("XREADGROUP", "GROUP", "g", "c", "COUNT", "1", "STREAMS", "a", ">"),
    getkeys("GEORADIUS", "k", "0", "0", "1", "m", "STORE", "d"),
    getkeys("OBJECT", "FREQ", "k"),
    getkeys("MSET", "a", "1", "b", "2"),
    getkeys("GET"),
    getkeys("NOSUCH", "a"),
    getkeys("CONFIG", "GET", "x"),
    getkeys("PING"),
    getkeys("GET", "a", "b"),
    ["COMMAND", "INFO", "nosuch"],
    ["COMMAND", "INFO", "config|nosuch"],
    ["COMMAND", "INFO", "get|x"],
    { argv: ["COMMAND", "LIST", "FILTERBY", "ACLCAT", "hyperloglog"], compare: "unordered" },
    ["COMMAND", "LIST", "FILTERBY", "MODULE", "x"],
    ["COMMAND", "LIST", "FILTERBY", "ACLCAT", "nosuch"],
    ["COMMAND", "LIST", "FILTERBY", "NOSUCH", "x"],
    ["COMMAND", "LIST", "FILTERBY", "PATTERN"],
  ];

  test("keys of command lines, unknown names and filters", async ({ expect }) => {
    expect(firstDifference(await runBoth(targets, steps))).toBeUndefined();
  });
});
