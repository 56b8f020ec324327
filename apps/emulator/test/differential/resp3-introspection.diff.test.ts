/**
 * Introspection replies whose RESP3 shape nests maps and sets, against redis-server 7.0 under
 * both protocols: XINFO STREAM FULL (groups and consumers are maps), COMMAND INFO (flags,
 * categories, tips and key specs are sets, key specs maps), COMMAND DOCS (a map of name to a map,
 * subcommands likewise), ACL GETUSER (a map, flags a set, selectors maps) and LATENCY HISTOGRAM.
 *
 * What is compared is the reply's structure: every container's kind and every map's keys, in
 * order, with the scalars reduced to their kind (times, ids and counts differ between two
 * servers). COMMAND DOCS is compared on the fields the engine documents (summary, since, group,
 * complexity, subcommands): its `arguments` and `history` are not in the engine's table. Fields
 * Redis 7.2+ added (XINFO `active-time`, `inactive`) are left out.
 */
import type { Resp2Value } from "@stratus/core/resp2";
import type { Resp3Value } from "@stratus/core/resp3";
import { afterAll, beforeAll, describe, test } from "vitest";
import { canRunDifferential, startTargets, type Targets } from "./harness.ts";

/** Map keys that one side has and the other may not. */
const SKIPPED_KEYS = new Set(["active-time", "inactive", "arguments", "history", "doc_flags"]);

/**
 * ACL GETUSER's `flags`: Redis 7.2+ (and the engine) add `sanitize-payload`; only the container's
 * kind is compared.
 */
const KIND_ONLY_KEYS = new Set(["flags"]);

/** The structure of a reply: containers with their kinds, map keys, scalar kinds. */
function structure(value: Resp2Value | Resp3Value): unknown {
  switch (value.kind) {
    case "array":
    case "set":
    case "push":
      return { [value.kind]: value.items.map(structure) };
    case "map": {
      const entries = value.entries
        .filter(([key]) => !(key.kind === "bulk" && SKIPPED_KEYS.has(text(key))))
        .map(([key, entry]) => {
          const name = key.kind === "bulk" ? text(key) : "";
          return [name, KIND_ONLY_KEYS.has(name) ? entry.kind : structure(entry)] as const;
        });
      // Subcommands (`xinfo|stream`) come in the order of Redis's dict.
      return { map: entries.some(([name]) => name.includes("|")) ? entries.sort() : entries };
    }
    case "error":
      return `-${value.message}`;
    case "simple":
      // Flags and categories are simple strings: their text is part of the shape.
      return `+${value.value}`;
    default:
      return value.kind;
  }
}

function text(value: { readonly value: Uint8Array }): string {
  return Buffer.from(value.value).toString("latin1");
}

/** RESP2 flat field lists have no map keys to skip: drop the pairs by name. */
function structureResp2(value: Resp2Value): unknown {
  if (value.kind !== "array") {
    return structure(value);
  }
  const items: Resp2Value[] = [];
  for (let index = 0; index < value.items.length; index++) {
    const item = value.items[index] as Resp2Value;
    const name = item.kind === "bulk" ? text(item) : "";
    if (SKIPPED_KEYS.has(name) && index + 1 < value.items.length) {
      index++;
      continue;
    }
    items.push(item);
    if (KIND_ONLY_KEYS.has(name) && index + 1 < value.items.length) {
      index++;
      items.push({ kind: "simple", value: value.items[index]?.kind ?? "" });
    }
  }
  return { array: items.map(structureResp2) };
}

describe.runIf(canRunDifferential)("RESP3 shapes of introspection replies (differential)", () => {
  let targets: Targets;

  beforeAll(async () => {
    targets = await startTargets();
    const setup = [
      ["XADD", "s", "1-1", "a", "1"],
      ["XADD", "s", "2-1", "b", "2"],
      ["XGROUP", "CREATE", "s", "g", "0"],
      ["XGROUP", "CREATE", "s", "idle", "$"],
      ["XREADGROUP", "GROUP", "g", "c", "COUNT", "1", "STREAMS", "s", ">"],
      ["ACL", "SETUSER", "u", "on", ">p", "~k*", "&ch", "+get"],
    ];
    for (const argv of setup) {
      await Promise.all([targets.stratus.call(...argv), targets.redis.call(...argv)]);
    }
  });

  afterAll(async () => {
    await Promise.all([
      targets.stratus.call("ACL", "DELUSER", "u"),
      targets.redis.call("ACL", "DELUSER", "u"),
    ]);
    await targets.close();
  });

  const cases: readonly string[] = [
    "XINFO STREAM s",
    "XINFO STREAM s FULL",
    "XINFO STREAM s full COUNT 1",
    "XINFO GROUPS s",
    "XINFO CONSUMERS s g",
    "COMMAND INFO get nosuch config|get set sort georadius xread lmove",
    "COMMAND DOCS get",
    "COMMAND DOCS xinfo nosuch",
    "COMMAND DOCS config|get",
    "ACL GETUSER u",
    "ACL GETUSER nosuch",
    "LATENCY HISTOGRAM nosuch",
    "CLIENT TRACKINGINFO",
  ];

  test.for(cases)("%s", async (line, { expect }) => {
    const argv = line.split(" ");
    const resp2 = await Promise.all([targets.stratus.call(...argv), targets.redis.call(...argv)]);
    expect(structureResp2(resp2[0])).toEqual(structureResp2(resp2[1]));
    const bytes = argv.map((part) => Buffer.from(part, "latin1"));
    const resp3 = await Promise.all([
      targets.resp3.stratus.call(...bytes),
      targets.resp3.redis.call(...bytes),
    ]);
    expect(structure(resp3[0])).toEqual(structure(resp3[1]));
  });
});
