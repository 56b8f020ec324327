/** ZUNION, ZINTER, ZDIFF, their STORE forms and ZINTERCARD (src/t_zset.c zunionInterDiffGenericCommand). */
import { asciiUpper } from "../../bytes.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { parseFloatArg, parseIntegerArg } from "../../numbers.ts";
import { type Reply, reply } from "../../reply.ts";
import { SetValue } from "../../values/set.ts";
import { SortedSet } from "../../values/sorted-set.ts";
import type { Args } from "../args.ts";
import type { CommandContext } from "../context.ts";
import { type Command, defineCommand } from "../define.ts";
import { integerOf, numkeysPositions } from "../shared-arguments.ts";
import { entriesReply, limitsOf, storeResult } from "./_lookup.ts";

export type SetOperation = "union" | "inter" | "diff";
export type Aggregate = "sum" | "min" | "max";

/** What `zunionInterDiffGenericCommand` reads before looking anything up. */
export interface SetOperationArguments {
  readonly keys: string[];
  /** WEIGHTS, AGGREGATE, WITHSCORES and LIMIT come after the keys and are read once they exist. */
  readonly options: string[];
}

/**
 * numkeys (an integer ≥ 1, else `at least 1 input key is needed for '<command>'`) and that many
 * keys; the options are parsed later, as Redis looks the keys up (and type-checks them) first.
 */
export function parseSetOperation(args: Args, command: string): SetOperationArguments {
  const numkeys = integerOf(args.string());
  if (numkeys < 1) {
    throw new ReplyError(ERR.NO_INPUT_KEYS(command));
  }
  if (numkeys > args.remaining) {
    throw new ReplyError(ERR.SYNTAX);
  }
  return { keys: args.take(Number(numkeys)), options: args.rest() };
}

/** A sorted set or a plain set as an input (a set's members all score 1). */
interface Source {
  readonly size: number;
  /** Iterates (member, score) pairs. */
  readonly entries: () => Iterable<readonly [string, number]>;
  readonly score: (member: string) => number | undefined;
  weight: number;
}

const EMPTY_SOURCE: Omit<Source, "weight"> = {
  size: 0,
  entries: () => [],
  score: () => undefined,
};

/** Each key as a source; WRONGTYPE for anything but a sorted set or a set. */
function lookupSources(ctx: CommandContext, keys: readonly string[]): Source[] {
  return keys.map((key): Source => {
    const value = ctx.db.get(key);
    if (value === undefined) {
      return { ...EMPTY_SOURCE, weight: 1 };
    }
    if (value instanceof SortedSet) {
      return {
        size: value.size,
        entries: () => value.entries(),
        score: (member) => value.score(member),
        weight: 1,
      };
    }
    if (value instanceof SetValue) {
      return {
        size: value.size,
        entries: () => value.members.map((member): [string, number] => [member, 1]),
        score: (member) => (value.has(member) ? 1 : undefined),
        weight: 1,
      };
    }
    throw new ReplyError(ERR.WRONGTYPE);
  });
}

/** `zunionInterAggregate`: SUM turns inf + -inf (NaN) into 0, as Redis does. */
function aggregate(target: number, value: number, how: Aggregate): number {
  switch (how) {
    case "sum": {
      const sum = target + value;
      return Number.isNaN(sum) ? 0 : sum;
    }
    case "min":
      // biome-ignore lint/complexity/useMathMinMax: Math.min(0, -0) is -0; Redis keeps `target`.
      return value < target ? value : target;
    case "max":
      // biome-ignore lint/complexity/useMathMinMax: Math.max(-0, 0) is 0; Redis keeps `target`.
      return value > target ? value : target;
    default:
      return how satisfies never;
  }
}

/** A weighted score; 0 × ±inf (NaN) counts as 0. */
function weighted(score: number, weight: number): number {
  const value = score * weight;
  return Number.isNaN(value) ? 0 : value;
}

interface SetOperationOptions {
  aggregate: Aggregate;
  withScores: boolean;
  limit: number;
}

/** The options after the keys, each allowed only where Redis allows it. */
function parseOperationOptions(
  options: readonly string[],
  context: { sources: Source[]; operation: SetOperation; mode: "reply" | "store" | "count" },
): SetOperationOptions {
  const { sources, operation, mode } = context;
  const parsed: SetOperationOptions = { aggregate: "sum", withScores: false, limit: 0 };
  let i = 0;
  while (i < options.length) {
    const option = asciiUpper(options[i] ?? "");
    const remaining = options.length - i;
    const weighs = operation !== "diff" && mode !== "count";
    if (weighs && option === "WEIGHTS" && remaining >= sources.length + 1) {
      for (const source of sources) {
        i++;
        const weight = parseFloatArg(options[i] ?? "");
        if (weight === undefined) {
          throw new ReplyError(ERR.WEIGHT_NOT_FLOAT);
        }
        source.weight = weight;
      }
      i++;
    } else if (weighs && option === "AGGREGATE" && remaining >= 2) {
      const how = asciiUpper(options[i + 1] ?? "");
      if (how !== "SUM" && how !== "MIN" && how !== "MAX") {
        throw new ReplyError(ERR.SYNTAX);
      }
      parsed.aggregate = how === "SUM" ? "sum" : how === "MIN" ? "min" : "max";
      i += 2;
    } else if (mode === "reply" && option === "WITHSCORES") {
      parsed.withScores = true;
      i++;
    } else if (mode === "count" && option === "LIMIT" && remaining >= 2) {
      const limit = parseIntegerArg(options[i + 1] ?? "");
      if (limit === undefined || limit < 0) {
        throw new ReplyError(ERR.LIMIT_NEGATIVE);
      }
      parsed.limit = Number(limit);
      i += 2;
    } else {
      throw new ReplyError(ERR.SYNTAX);
    }
  }
  return parsed;
}

/**
 * Computes a union, intersection or difference as (member, score) pairs. Inputs are taken from
 * the smallest up for union and intersection (ties keep their order), which fixes the order in
 * which floating-point sums are made.
 */
function combine(
  sources: readonly Source[],
  operation: { kind: SetOperation; aggregate: Aggregate; limit?: number },
): Map<string, number> {
  const result = new Map<string, number>();
  if (operation.kind === "diff") {
    const [first, ...others] = sources;
    if (first === undefined) {
      return result;
    }
    for (const [member, score] of first.entries()) {
      if (others.every((other) => other.score(member) === undefined)) {
        result.set(member, score);
      }
    }
    return result;
  }
  const ordered = [...sources].sort((a, b) => a.size - b.size);
  if (operation.kind === "union") {
    for (const source of ordered) {
      for (const [member, score] of source.entries()) {
        const value = weighted(score, source.weight);
        const current = result.get(member);
        result.set(
          member,
          current === undefined ? value : aggregate(current, value, operation.aggregate),
        );
      }
    }
    return result;
  }
  const [smallest, ...others] = ordered;
  if (smallest === undefined || smallest.size === 0) {
    return result;
  }
  for (const [member, score] of smallest.entries()) {
    let value = weighted(score, smallest.weight);
    let isEverywhere = true;
    for (const other of others) {
      const found = other.score(member);
      if (found === undefined) {
        isEverywhere = false;
        break;
      }
      value = aggregate(value, weighted(found, other.weight), operation.aggregate);
    }
    if (isEverywhere) {
      result.set(member, value);
      if (operation.limit !== undefined && operation.limit > 0 && result.size >= operation.limit) {
        break;
      }
    }
  }
  return result;
}

/** The pairs in sorted-set order: by score, then member bytes. */
function sortedEntries(entries: Map<string, number>): [string, number][] {
  return [...entries].sort(([am, as], [bm, bs]) =>
    as !== bs ? (as < bs ? -1 : 1) : am < bm ? -1 : am > bm ? 1 : 0,
  );
}

/** ZUNION/ZINTER/ZDIFF: the resulting members (with scores on WITHSCORES), in order. */
export function runSetOperation(
  ctx: CommandContext,
  request: SetOperationArguments & { readonly kind: SetOperation },
): Reply {
  const sources = lookupSources(ctx, request.keys);
  const options = parseOperationOptions(request.options, {
    sources,
    operation: request.kind,
    mode: "reply",
  });
  const result = combine(sources, { kind: request.kind, aggregate: options.aggregate });
  return entriesReply(sortedEntries(result), options.withScores);
}

/** ZINTERCARD: the size of the intersection, counting stopped at LIMIT (0: no limit). */
export function runIntersectionCardinality(
  ctx: CommandContext,
  request: SetOperationArguments,
): Reply {
  const sources = lookupSources(ctx, request.keys);
  const options = parseOperationOptions(request.options, {
    sources,
    operation: "inter",
    mode: "count",
  });
  return reply.integer(
    combine(sources, { kind: "inter", aggregate: "sum", limit: options.limit }).size,
  );
}

/**
 * ZUNIONSTORE/ZINTERSTORE/ZDIFFSTORE: replaces `destination` with the result (built as a skiplist,
 * then compacted to a listpack when small, as `zsetConvertToListpackIfNeeded` does); the size.
 */
export function runSetOperationStore(
  ctx: CommandContext,
  request: SetOperationArguments & { readonly kind: SetOperation; readonly destination: string },
): Reply {
  const sources = lookupSources(ctx, request.keys);
  const options = parseOperationOptions(request.options, {
    sources,
    operation: request.kind,
    mode: "store",
  });
  const combined = combine(sources, { kind: request.kind, aggregate: options.aggregate });
  const limits = limitsOf(ctx);
  const result = new SortedSet();
  result.useSkiplist();
  for (const [member, score] of combined) {
    result.add(member, score, { flags: {}, limits });
  }
  result.compactIfSmall(limits);
  return storeResult(ctx, {
    destination: request.destination,
    result,
    event: `z${request.kind}store`,
  });
}

/**
 * ZUNIONSTORE, ZINTERSTORE and ZDIFFSTORE: one definition; they differ in the operation and in
 * metadata.
 */
export function defineSetOperationStore(spec: {
  readonly name: "ZUNIONSTORE" | "ZINTERSTORE" | "ZDIFFSTORE";
  readonly kind: SetOperation;
  readonly since: string;
  readonly summary: string;
  readonly complexity: string;
}): Command {
  const { kind } = spec;
  const lowerName = spec.name.toLowerCase();
  return defineCommand({
    name: spec.name,
    group: "sorted-set",
    arity: -4,
    flags: ["write", "denyoom"],
    categories: ["sortedset"],
    keys: { first: 1, last: 1, step: 1 },
    // zunionInterDiffStoreGetKeys: no keys at all when the source count is wrong.
    movableKeys: (argv) => {
      const sources = numkeysPositions(argv, 2);
      return sources.length === 0 ? [] : [1, ...sources];
    },
    keySpecs: [
      {
        flags: ["OW", "update"],
        beginSearch: { index: 1 },
        findKeys: { lastKey: 0, keyStep: 1, limit: 0 },
      },
      {
        flags: ["RO", "access"],
        beginSearch: { index: 2 },
        findKeys: { keyNumIndex: 0, firstKey: 1, keyStep: 1 },
      },
    ],
    since: spec.since,
    summary: spec.summary,
    complexity: spec.complexity,
    parse: (args) => {
      const destination = args.key();
      return { destination, ...parseSetOperation(args, lowerName) };
    },
    run: (ctx, request) => runSetOperationStore(ctx, { ...request, kind }),
  });
}
