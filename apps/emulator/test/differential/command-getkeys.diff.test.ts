/**
 * COMMAND GETKEYS and GETKEYSANDFLAGS, COMMAND INFO of unknown names and COMMAND LIST FILTERBY
 * against redis-server 7.0, for commands both servers have: hand-written edge cases, and a command
 * line for every command with keys that both servers know, generated from redis-server's own
 * COMMAND DOCS (its arguments: once with the required ones, once with the optional ones too).
 */
import { afterAll, beforeAll, describe, test } from "vitest";
import {
  canRunDifferential,
  firstDifference,
  runBoth,
  type Step,
  show,
  startTargets,
  type Targets,
} from "./harness.ts";

const getkeys = (...argv: string[]): string[] => ["COMMAND", "GETKEYS", ...argv];
const withFlags = (...argv: string[]): string[] => ["COMMAND", "GETKEYSANDFLAGS", ...argv];

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
    withFlags("EVAL", "return 1", "0"),
    withFlags("EVAL", "return 1", "1"),
    withFlags("EVAL", "return 1", "-1"),
    withFlags("EVAL", "return 1", "x", "a"),
    withFlags("EVAL", "return 1", "2", "a", "b"),
    withFlags("EVAL_RO", "return 1", "1", "a"),
    withFlags("EVALSHA", "abc", "1", "a"),
    withFlags("EVALSHA_RO", "abc", "1", "a"),
    withFlags("FCALL", "f", "1", "a"),
    withFlags("EVAL"),
    withFlags("MIGRATE", "h", "1", "k", "0", "5"),
    withFlags("MIGRATE", "h", "1", "", "0", "5", "KEYS", "a", "b"),
    withFlags("MIGRATE", "h", "1", "", "0", "5", "COPY", "REPLACE", "AUTH", "keys", "KEYS", "a"),
    withFlags("MIGRATE", "h", "1", "", "0", "5", "AUTH2", "u", "keys", "KEYS", "a"),
    withFlags("MIGRATE", "h", "1", "k", "0", "5", "KEYS", "a"),
    withFlags("MIGRATE", "h", "1", "", "0", "5", "KEYS"),
    getkeys("MIGRATE", "h", "1", "", "0", "5", "KEYS", "a", "b"),
    getkeys("MIGRATE", "h", "1", "k", "0"),
    withFlags("SET", "k", "v"),
    withFlags("SET", "k", "v", "GET"),
    withFlags("SET", "k", "v", "get", "EX", "1"),
    withFlags("SET", "k", "GET"),
    withFlags("BITFIELD", "k", "GET", "u8", "0"),
    withFlags("BITFIELD", "k", "OVERFLOW", "SAT", "GET", "u8", "0"),
    withFlags("BITFIELD", "k", "GET", "u8", "0", "INCRBY", "u8", "0", "1"),
    withFlags("BITFIELD", "k", "GET", "u8"),
    withFlags("BITFIELD_RO", "k", "GET", "u8", "0"),
    withFlags("SORT", "k"),
    withFlags("SORT", "k", "BY", "w_*", "GET", "#", "STORE", "d"),
    withFlags("SORT", "k", "STORE", "d", "STORE", "e"),
    withFlags("SORT", "k", "LIMIT", "0", "1", "STORE"),
    withFlags("SORT_RO", "k", "BY", "x"),
    withFlags("GEORADIUS", "k", "0", "0", "1", "m", "STORE", "d", "STOREDIST", "e"),
    withFlags("GEORADIUS", "k", "0", "0", "1", "m", "STORE"),
    withFlags("GEORADIUSBYMEMBER", "k", "m", "1", "m", "STOREDIST", "d"),
    withFlags("XREAD", "COUNT", "1", "STREAMS", "a", "b", "0", "0"),
    withFlags("XREAD", "STREAMS", "a", "b", "0"),
    withFlags("XREAD", "STREAMS"),
    withFlags("XREADGROUP", "GROUP", "g", "c", "STREAMS", "a", ">"),
    withFlags("XREADGROUP", "GROUP", "g", "STREAMS", "STREAMS", "a", ">"),
    withFlags("ZUNIONSTORE", "d", "2", "a", "b"),
    withFlags("ZUNIONSTORE", "d", "2", "a"),
    withFlags("ZUNIONSTORE", "d", "0", "a"),
    withFlags("ZINTER", "2", "a", "b", "WITHSCORES"),
    withFlags("LMPOP", "2", "a", "b", "LEFT"),
    withFlags("BLMPOP", "0", "1", "a", "LEFT"),
    withFlags("SINTERCARD", "1", "a", "LIMIT", "2"),
    withFlags("LMOVE", "a", "b", "LEFT", "RIGHT"),
    withFlags("RENAME", "a", "b"),
    withFlags("COPY", "a", "b"),
    withFlags("DEL", "a", "b"),
    withFlags("MSET", "a", "1", "b", "2"),
    withFlags("MSET", "a", "1", "b"),
    withFlags("GETDEL", "a"),
    withFlags("GETEX", "a"),
    withFlags("OBJECT", "ENCODING", "a"),
    withFlags("XADD", "s", "*", "f", "v"),
    withFlags("SMOVE", "a", "b", "m"),
    withFlags("PFMERGE", "d", "a", "b"),
    withFlags("PFCOUNT", "a", "b"),
    withFlags("WATCH", "a", "b"),
    withFlags("PING"),
    withFlags("NOSUCH"),
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

  test("GETKEYS and GETKEYSANDFLAGS of every command with keys, from redis-server's COMMAND DOCS", async ({
    expect,
  }) => {
    const docs = show(await targets.redis.call("COMMAND", "DOCS")) as unknown[];
    const lines: string[][] = [];
    for (let index = 0; index + 1 < docs.length; index += 2) {
      lines.push(...commandLines([String(docs[index])], docs[index + 1]));
    }
    const keyed: string[][] = [];
    for (const line of lines) {
      const name = line[0] ?? "";
      const [container = "", sub] = name.split("|");
      const info = show(
        await targets.redis.call(
          "COMMAND",
          "INFO",
          sub === undefined ? container : `${container}|${sub}`,
        ),
      );
      const ours = show(
        await targets.stratus.call(
          "COMMAND",
          "INFO",
          sub === undefined ? container : `${container}|${sub}`,
        ),
      );
      const entry = Array.isArray(info) ? info[0] : undefined;
      const hasKeys = Array.isArray(entry) && Array.isArray(entry[8]) && entry[8].length > 0;
      if (hasKeys && Array.isArray(ours) && ours[0] !== null) {
        keyed.push([container, ...(sub === undefined ? [] : [sub]), ...line.slice(1)]);
      }
    }
    expect(keyed.length).toBeGreaterThan(200);
    const steps = keyed.flatMap((line): Step[] => [getkeys(...line), withFlags(...line)]);
    const differences = (await runBoth(targets, steps)).filter(
      (result) => JSON.stringify(result.stratus) !== JSON.stringify(result.redis),
    );
    expect(differences).toEqual([]);
  });
});

/** A COMMAND DOCS argument (RESP2's flat field list as an object). */
interface DocArgument {
  readonly name: string;
  readonly type: string;
  readonly token?: string;
  readonly flags: readonly string[];
  readonly arguments: readonly DocArgument[];
}

function docArgument(fields: unknown): DocArgument {
  const record: Record<string, unknown> = {};
  const list = Array.isArray(fields) ? fields : [];
  for (let index = 0; index + 1 < list.length; index += 2) {
    record[String(list[index])] = list[index + 1];
  }
  return {
    name: String(record["name"]),
    type: String(record["type"]),
    ...(record["token"] === undefined ? {} : { token: String(record["token"]) }),
    flags: Array.isArray(record["flags"])
      ? record["flags"].map((flag) => String(flag).replace(/^\+/, ""))
      : [],
    arguments: Array.isArray(record["arguments"]) ? record["arguments"].map(docArgument) : [],
  };
}

/**
 * Command lines for one COMMAND DOCS entry (and its subcommands): the name (`container|sub` for a
 * subcommand) then its required arguments, and a second line with the optional ones too. Keys are
 * `k1`, `k2`, …; a `numkeys` count is 2 and a `multiple` argument is given twice.
 */
function commandLines(name: readonly string[], docs: unknown): string[][] {
  const fields = Array.isArray(docs) ? docs : [];
  const record: Record<string, unknown> = {};
  for (let index = 0; index + 1 < fields.length; index += 2) {
    record[String(fields[index])] = fields[index + 1];
  }
  const lines: string[][] = [];
  const subcommands = Array.isArray(record["subcommands"]) ? record["subcommands"] : [];
  for (let index = 0; index + 1 < subcommands.length; index += 2) {
    lines.push(...commandLines([String(subcommands[index])], subcommands[index + 1]));
  }
  if (subcommands.length === 0) {
    const parts = Array.isArray(record["arguments"]) ? record["arguments"].map(docArgument) : [];
    const [command = ""] = name;
    const [container = "", sub] = command.split("|");
    const prefix = sub === undefined ? [container] : [`${container}|${sub}`];
    lines.push([...prefix, ...argumentsLine(parts, false)]);
    lines.push([...prefix, ...argumentsLine(parts, true)]);
  }
  return lines;
}

function argumentsLine(parts: readonly DocArgument[], withOptional: boolean): string[] {
  const counter = { key: 0 };
  const emit = (argument: DocArgument): string[] => {
    if (argument.flags.includes("optional") && !withOptional) {
      return [];
    }
    const times = argument.flags.includes("multiple") ? 2 : 1;
    const words: string[] = [];
    for (let time = 0; time < times; time++) {
      if (
        argument.token !== undefined &&
        (time === 0 || argument.flags.includes("multiple_token"))
      ) {
        words.push(argument.token);
      }
      switch (argument.type) {
        case "pure-token":
          break;
        case "key":
          counter.key++;
          words.push(`k${counter.key}`);
          break;
        case "integer":
          words.push(/numkeys|numfields/i.test(argument.name) ? "2" : "1");
          break;
        case "double":
        case "unix-time":
          words.push("1");
          break;
        case "oneof": {
          const [first] = argument.arguments;
          words.push(...(first === undefined ? [] : emit({ ...first, flags: [] })));
          break;
        }
        case "block":
          words.push(...argument.arguments.flatMap(emit));
          break;
        default:
          words.push("v");
      }
    }
    return words;
  };
  return parts.flatMap(emit);
}
