/**
 * What several stream commands read (src/t_stream.c): stream lookups, ID arguments, the XADD/XTRIM
 * trimming options and the `[KEEPREF | DELREF | ACKED] IDS numids id …` block of XDELEX and XACKDEL.
 */
import { asciiUpper } from "../../bytes.ts";
import type { ConfigApi } from "../../config.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { parseIntegerArg } from "../../numbers.ts";
import {
  type Counter,
  formatStreamId,
  type IdSyntax,
  MAX_STREAM_ID,
  nextStreamId,
  type ParsedId,
  parseStreamId,
  previousStreamId,
  type RefPolicy,
  type StreamId,
  StreamValue,
  type TrimOptions,
} from "../../values/stream.ts";
import type { CommandContext } from "../context.ts";

/** The stream at `key`; WRONGTYPE for another type. */
export function lookupStream(ctx: CommandContext, key: string): StreamValue | undefined {
  return ctx.db.getContainer(key, "stream");
}

/** The stream at `key`, created empty when absent. */
export function lookupOrCreateStream(ctx: CommandContext, key: string): StreamValue {
  return ctx.db.getOrCreateContainer(key, "stream", () => new StreamValue());
}

/** An ID argument, or `ERR Invalid stream ID …`. */
export function streamIdArg(text: string, syntax: IdSyntax = { strict: true }): ParsedId {
  const parsed = parseStreamId(text, syntax);
  if (parsed === undefined) {
    throw new ReplyError(ERR.STREAM_ID_INVALID);
  }
  return parsed;
}

/**
 * One end of a range (`streamParseIntervalIDOrReply`): `-`, `+`, an ID whose missing sequence is 0
 * (start) or the largest (end), or `(id` for an exclusive end, turned into the inclusive neighbour.
 */
export function intervalArg(text: string, end: "start" | "end"): StreamId {
  const isExclusive = text.length > 1 && text.charCodeAt(0) === 0x28; // "("
  const missingSeq = end === "start" ? "min" : "max";
  const { id } = isExclusive
    ? streamIdArg(text.slice(1), { strict: true, missingSeq })
    : streamIdArg(text, { strict: false, missingSeq });
  if (!isExclusive) {
    return id;
  }
  const adjusted = end === "start" ? nextStreamId(id) : previousStreamId(id);
  if (adjusted === undefined) {
    throw new ReplyError(end === "start" ? ERR.STREAM_START_ID_INVALID : ERR.STREAM_END_ID_INVALID);
  }
  return adjusted;
}

/** `getLongLongFromObjectOrReply`: any signed 64-bit integer, else `error`. */
export function longLongArg(text: string | undefined, error: string = ERR.NOT_INTEGER): Counter {
  const value = text === undefined ? undefined : parseIntegerArg(text);
  if (value === undefined) {
    throw new ReplyError(error);
  }
  return value;
}

/** A 64-bit value as a JS number for counting and comparing lengths (huge values stay huge). */
export function toCount(value: Counter): number {
  return Number(value);
}

// ---- XADD / XTRIM options ----------------------------------------------------------------------

export interface AddTrimArgs {
  /** Undefined when no MAXLEN/MINID was given (XADD only). */
  readonly trim: TrimOptions | undefined;
  /** `~` was given: the propagated command gets `=` and the resulting threshold. */
  readonly isApprox: boolean;
  readonly noMkStream: boolean;
  /** XADD: where the ID argument is; for XTRIM the end of the arguments. */
  readonly idIndex: number;
  /** XADD: the explicit ID, or undefined for `*`. */
  readonly id: ParsedId | undefined;
  /** Where `~`, the threshold and LIMIT are in argv (for the propagated form). */
  readonly positions: { approx: number; threshold: number; limit: number };
}

/**
 * `streamParseAddOrTrimArgsOrReply`: options from argv[2] on, in any order; for XADD they end at
 * the ID. The approximate default LIMIT is 100 nodes' worth of entries, as Redis computes it.
 */
export function parseAddTrimArgs(
  argv: readonly string[],
  options: { readonly isXadd: boolean; readonly config: Pick<ConfigApi, "value"> },
): AddTrimArgs {
  const { isXadd } = options;
  let strategy: TrimOptions["strategy"] | undefined;
  let isApprox = false;
  let maxLen = 0;
  let minId = MAX_STREAM_ID;
  let limit = 0;
  let isLimitGiven = false;
  let policy: RefPolicy | undefined;
  let noMkStream = false;
  let id: ParsedId | undefined;
  const positions = { approx: -1, threshold: -1, limit: -1 };
  let at = 2;
  for (; at < argv.length; at++) {
    const hasMore = at < argv.length - 1;
    const text = argv[at] as string;
    // `XADD key * …`, the usual call, is decided before any case folding.
    if (isXadd && text === "*") {
      break;
    }
    const option = asciiUpper(text);
    if ((option === "MAXLEN" || option === "MINID") && hasMore) {
      if (strategy !== undefined) {
        throw new ReplyError(ERR.STREAM_MAXLEN_AND_MINID);
      }
      isApprox = false;
      positions.approx = -1;
      const next = argv[at + 1];
      if (at < argv.length - 2 && (next === "~" || next === "=")) {
        isApprox = next === "~";
        positions.approx = isApprox ? at + 1 : -1;
        at++;
      }
      if (option === "MAXLEN") {
        const value = longLongArg(argv[at + 1]);
        if (value < 0) {
          throw new ReplyError(ERR.STREAM_MAXLEN_NEGATIVE);
        }
        maxLen = toCount(value);
      } else {
        minId = streamIdArg(argv[at + 1] as string).id;
      }
      at++;
      strategy = option;
      positions.threshold = at;
    } else if (option === "LIMIT" && hasMore) {
      const value = longLongArg(argv[at + 1]);
      if (value < 0) {
        throw new ReplyError(ERR.STREAM_LIMIT_NEGATIVE);
      }
      limit = toCount(value);
      isLimitGiven = true;
      positions.limit = at;
      at++;
    } else if (
      (option === "KEEPREF" || option === "DELREF" || option === "ACKED") &&
      policy === undefined
    ) {
      policy = option;
    } else if (isXadd && option === "NOMKSTREAM") {
      noMkStream = true;
    } else if (isXadd) {
      // Anything else is the ID (or a syntax error reported as an invalid ID).
      id = streamIdArg(text, { strict: true, allowSeqStar: true });
      break;
    } else {
      throw new ReplyError(ERR.SYNTAX);
    }
  }
  if (limit !== 0 && strategy === undefined) {
    throw new ReplyError(ERR.STREAM_LIMIT_WITHOUT_STRATEGY);
  }
  if (!isXadd && strategy === undefined) {
    throw new ReplyError(ERR.XTRIM_NO_STRATEGY);
  }
  if (isLimitGiven) {
    if (!isApprox) {
      throw new ReplyError(ERR.STREAM_LIMIT_WITHOUT_APPROX);
    }
  } else if (isApprox) {
    // Bounded work per call, as Redis caps it: 100 radix-tree nodes, within [1, 1e6] entries.
    // Read only here (`~` without LIMIT), not on every XADD.
    limit = 100 * Number(options.config.value("stream-node-max-entries"));
    if (limit <= 0) {
      limit = 10_000;
    }
    limit = Math.min(limit, 1_000_000);
  } else {
    limit = 0;
  }
  const trim =
    strategy === undefined
      ? undefined
      : { strategy, maxLen, minId, limit, policy: policy ?? "KEEPREF" };
  return { trim, isApprox, noMkStream, idIndex: at, id, positions };
}

/**
 * The command to log after an approximate trim (`streamRewriteApproxSpecifier` and
 * `streamRewriteTrimArgument`): `~` becomes `=`, the threshold becomes what the trim left (the
 * length, or the first ID), and LIMIT goes (replay must not refuse LIMIT without `~`).
 */
export function exactTrimArgv(
  argv: readonly string[],
  args: AddTrimArgs,
  stream: StreamValue,
): string[] {
  const { positions, trim } = args;
  const threshold =
    trim?.strategy === "MAXLEN"
      ? String(stream.length)
      : formatStreamId(stream.entries.first() ?? MAX_STREAM_ID);
  const result: string[] = [];
  for (let at = 0; at < argv.length; at++) {
    if (at === positions.limit) {
      at++;
    } else if (at === positions.approx) {
      result.push("=");
    } else if (at === positions.threshold) {
      result.push(threshold);
    } else {
      result.push(argv[at] as string);
    }
  }
  return result;
}

// ---- XDELEX / XACKDEL ------------------------------------------------------------------------

export interface IdsBlock {
  readonly policy: RefPolicy;
  /** The ID arguments, not yet validated (a missing key answers without looking at them). */
  readonly ids: readonly string[];
}

/** `streamParseAckDelArgsOrReply`: `[KEEPREF | DELREF | ACKED] IDS numids id …` in any order. */
export function parseIdsBlock(argv: readonly string[], start: number): IdsBlock {
  let policy: RefPolicy | undefined;
  let ids: readonly string[] | undefined;
  let at = start;
  while (at < argv.length) {
    const option = asciiUpper(argv[at] as string);
    if (
      (option === "KEEPREF" || option === "DELREF" || option === "ACKED") &&
      policy === undefined
    ) {
      policy = option;
      at++;
    } else if (option === "IDS" && at + 1 < argv.length) {
      const count = parseIntegerArg(argv[at + 1] as string);
      if (count === undefined || count < 1) {
        throw new ReplyError(ERR.STREAM_NUMIDS);
      }
      if (count > argv.length - at - 2) {
        throw new ReplyError(ERR.STREAM_NUMIDS_MISMATCH);
      }
      ids = argv.slice(at + 2, at + 2 + Number(count));
      at += 2 + Number(count);
    } else {
      throw new ReplyError(ERR.SYNTAX);
    }
  }
  if (ids === undefined) {
    throw new ReplyError(ERR.STREAM_IDS_REQUIRED);
  }
  return { policy: policy ?? "KEEPREF", ids };
}

/** Per-ID results of XDELEX and XACKDEL. */
export const DELETE_RESULT = { notFound: -1, deleted: 1, stillReferenced: 2 } as const;
