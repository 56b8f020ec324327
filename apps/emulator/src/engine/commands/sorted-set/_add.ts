import { ERR, ReplyError } from "../../errors.ts";
import { parseFloatArg } from "../../numbers.ts";
import { type Reply, reply } from "../../reply.ts";
import { type AddFlags, SortedSet, sortedSetLimits } from "../../values/sorted-set.ts";
import type { Args } from "../args.ts";
import type { CommandContext } from "../context.ts";
import { lookupSortedSet, scoreReply } from "./_lookup.ts";

export interface AddArguments {
  readonly key: string;
  readonly flags: AddFlags;
  readonly ch: boolean;
  readonly pairs: readonly (readonly [number, string])[];
}

const ADD_OPTIONS = new Set(["NX", "XX", "CH", "INCR", "GT", "LT"]);

/**
 * `zaddGenericCommand`'s parsing: options before the pairs, then the checks in Redis's order
 * (pair count, NX+XX, GT/LT/NX, INCR with several pairs, each score). ZINCRBY goes through here
 * with `incr` set, which is why `ZINCRBY key nx member` is a syntax error in Redis too.
 */
export function parseAdd(args: Args, incr: boolean): AddArguments {
  const key = args.key();
  const options = new Set<string>();
  for (let option = args.peekToken(); option !== undefined && ADD_OPTIONS.has(option); ) {
    options.add(args.token());
    option = args.peekToken();
  }
  const rest = args.rest();
  if (rest.length === 0 || rest.length % 2 !== 0) {
    throw new ReplyError(ERR.SYNTAX);
  }
  const flags = {
    nx: options.has("NX"),
    xx: options.has("XX"),
    gt: options.has("GT"),
    lt: options.has("LT"),
    incr: incr || options.has("INCR"),
  };
  if (flags.nx && flags.xx) {
    throw new ReplyError(ERR.XX_AND_NX);
  }
  if ((flags.gt && flags.nx) || (flags.lt && flags.nx) || (flags.gt && flags.lt)) {
    throw new ReplyError(ERR.GT_LT_NX);
  }
  if (flags.incr && rest.length > 2) {
    throw new ReplyError(ERR.INCR_SINGLE_PAIR);
  }
  const pairs: [number, string][] = [];
  for (let i = 0; i < rest.length; i += 2) {
    const score = parseFloatArg(rest[i] ?? "");
    if (score === undefined) {
      throw new ReplyError(ERR.NOT_FLOAT);
    }
    pairs.push([score, rest[i + 1] ?? ""]);
  }
  return { key, flags, ch: options.has("CH"), pairs };
}

/**
 * ZADD/ZINCRBY: the number added (or added and updated with CH), or with INCR the new score (nil
 * when NX/XX/GT/LT skipped it). Announces `zadd`/`zincr` when anything changed.
 */
export function runAdd(ctx: CommandContext, add: AddArguments): Reply {
  const { key, flags, pairs } = add;
  const limits = sortedSetLimits(ctx.server.config);
  let set = lookupSortedSet(ctx, key);
  if (set === undefined) {
    if (flags.xx === true) {
      return flags.incr === true ? reply.null() : reply.integer(0);
    }
    set = SortedSet.create(limits, { size: pairs.length, memberLength: pairs[0]?.[1].length ?? 0 });
    ctx.db.set(key, set);
  } else {
    set.reserve(pairs.length, limits);
  }
  let added = 0;
  let updated = 0;
  let processed = 0;
  let score = 0;
  for (const [value, member] of pairs) {
    const result = set.add(member, value, { flags, limits });
    if (result.outcome === "nan") {
      // Only INCR can produce NaN, and it takes a single pair: nothing has changed yet.
      throw new ReplyError(ERR.SCORE_NAN);
    }
    added += result.outcome === "added" ? 1 : 0;
    updated += result.outcome === "updated" ? 1 : 0;
    processed += result.outcome === "skipped" ? 0 : 1;
    score = result.score;
  }
  if (added > 0 || updated > 0) {
    ctx.modified(key, flags.incr === true ? "zincr" : "zadd", "z");
  }
  if (flags.incr === true) {
    return processed > 0 ? scoreReply(score) : reply.null();
  }
  return reply.integer(add.ch ? added + updated : added);
}
