/**
 * Keys found from a command's key specs, as Redis 7 finds them for COMMAND GETKEYS and
 * GETKEYSANDFLAGS (src/db.c getKeysFromCommandWithSpecs, getKeysUsingKeySpecs).
 */
import { asciiUpper } from "./bytes.ts";
import type { Command, KeyReference, KeySpec, KeySpecFlag } from "./commands/define.ts";
import { keyPositions } from "./commands/dispatch.ts";

/** The order Redis prints a key's flags in (src/server.c addReplyFlagsForKeyArgs). */
const FLAG_ORDER: readonly KeySpecFlag[] = [
  "RO",
  "RW",
  "OW",
  "RM",
  "access",
  "update",
  "insert",
  "delete",
  "not_key",
  "incomplete",
  "variable_flags",
];

/** `flags` in Redis's printing order. */
export function orderedKeyFlags(flags: readonly KeySpecFlag[]): KeySpecFlag[] {
  return FLAG_ORDER.filter((flag) => flags.includes(flag));
}

/**
 * The command's key specs: its own (Redis's, from the command's metadata), else one derived from
 * the legacy key range for commands Redis 7.0 does not have (`RW update` for writes, `RO access`
 * otherwise).
 */
export function keySpecsOf(command: Command): readonly KeySpec[] {
  if (command.keySpecs !== undefined) {
    return command.keySpecs;
  }
  const keys = command.keys;
  if (keys === undefined || keys.first <= 0) {
    return [];
  }
  return [
    {
      flags: command.flags.has("write") ? ["RW", "update"] : ["RO", "access"],
      beginSearch: { index: keys.first },
      // find_keys.range.lastkey is relative to the first key; negative values count from the end.
      findKeys: {
        lastKey: keys.last < 0 ? keys.last : keys.last - keys.first,
        keyStep: keys.step,
        limit: 0,
      },
    },
  ];
}

/** doesCommandHaveKeys: a keys procedure, or a key spec that names real keys. */
export function hasKeys(command: Command): boolean {
  return (
    command.movableKeys !== undefined ||
    command.keysWithFlags !== undefined ||
    keySpecsOf(command).some((spec) => !spec.flags.includes("not_key"))
  );
}

/**
 * getKeysFromCommandWithSpecs: the key specs when they can tell (none marked `variable_flags`,
 * none `unknown` or `incomplete` for this command line), else the command's keys procedure —
 * with flags where Redis's procedure sets them (`keysWithFlags`), without otherwise.
 */
export function keysOfCommandLine(command: Command, argv: readonly string[]): KeyReference[] {
  const specs = keySpecsOf(command);
  const hasRealKeys = specs.some((spec) => !spec.flags.includes("not_key"));
  const hasVariableFlags = specs.some((spec) => spec.flags.includes("variable_flags"));
  if (hasRealKeys && !hasVariableFlags) {
    const found = keysUsingSpecs(specs, argv);
    if (found !== undefined) {
      return found;
    }
  }
  if (command.keysWithFlags !== undefined) {
    return command.keysWithFlags(argv);
  }
  if (command.movableKeys !== undefined) {
    return keyPositions(command, argv).map((position) => ({ position, flags: [] }));
  }
  return [];
}

/** getKeysUsingKeySpecs without GET_KEYSPEC_RETURN_PARTIAL: undefined when a spec cannot tell. */
function keysUsingSpecs(
  specs: readonly KeySpec[],
  argv: readonly string[],
): KeyReference[] | undefined {
  const keys: KeyReference[] = [];
  for (const spec of specs) {
    if (spec.flags.includes("not_key")) {
      continue;
    }
    const range = specRange(spec, argv);
    if (range === "skip") {
      continue;
    }
    if (range === undefined) {
      return undefined;
    }
    const { first, last, step } = range;
    if (last >= argv.length || last < first || first >= argv.length) {
      return undefined;
    }
    for (let position = first; position <= last; position += step) {
      keys.push({ position, flags: spec.flags });
    }
    if (spec.flags.includes("incomplete")) {
      return undefined;
    }
  }
  return keys;
}

/** Where one spec's keys are in `argv`; `skip` when its keyword is absent, undefined if it cannot tell. */
function specRange(
  spec: KeySpec,
  argv: readonly string[],
): { first: number; last: number; step: number } | "skip" | undefined {
  const first = beginOf(spec, argv);
  if (first === undefined || first === "skip") {
    return first;
  }
  const { findKeys } = spec;
  if (findKeys === "unknown") {
    return undefined;
  }
  if ("lastKey" in findKeys) {
    let last: number;
    if (findKeys.lastKey >= 0) {
      last = first + findKeys.lastKey;
    } else if (findKeys.limit === 0) {
      last = argv.length + findKeys.lastKey;
    } else {
      // Keys in the first 1/limit of what follows (XREAD's streams before their IDs).
      last = first + (Math.trunc((argv.length - first) / findKeys.limit) + findKeys.lastKey);
    }
    return { first, last, step: findKeys.keyStep };
  }
  if (findKeys.keyNumIndex >= argv.length) {
    return undefined;
  }
  const count = strictInteger(argv[first + findKeys.keyNumIndex]);
  if (count === undefined || count < 0) {
    return undefined;
  }
  const firstKey = first + findKeys.firstKey;
  return { first: firstKey, last: firstKey + count - 1, step: findKeys.keyStep };
}

function beginOf(spec: KeySpec, argv: readonly string[]): number | "skip" | undefined {
  const { beginSearch } = spec;
  if (beginSearch === "unknown") {
    return undefined;
  }
  if ("index" in beginSearch) {
    return beginSearch.index;
  }
  // A keyword searched forwards from `startFrom`, or backwards from the end when negative.
  const { keyword, startFrom } = beginSearch;
  const start = startFrom > 0 ? startFrom : argv.length + startFrom;
  const end = startFrom > 0 ? argv.length - 1 : 1;
  for (let index = start; index !== end; index = start <= end ? index + 1 : index - 1) {
    if (index >= argv.length || index < 1) {
      break;
    }
    if (asciiUpper(argv[index] ?? "") === keyword) {
      return index + 1;
    }
  }
  return "skip";
}

/** string2ll: a decimal integer without spaces or a plus sign, else undefined. */
function strictInteger(text: string | undefined): number | undefined {
  if (text === undefined || !/^(0|-?[1-9]\d*)$/.test(text) || text.length > 20) {
    return undefined;
  }
  return Number(text);
}
