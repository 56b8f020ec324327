/**
 * What the geo commands share: argument readers with Redis's error texts, and `georadiusGeneric`
 * (src/geo.c), the one implementation behind GEORADIUS, GEORADIUSBYMEMBER, their _RO forms,
 * GEOSEARCH and GEOSEARCHSTORE. Not a command file (the leading `_`).
 *
 * Redis checks the source key's type before it reads the options, and looks FROMMEMBER's member
 * up while it reads them, so an argument error can come after WRONGTYPE or after "could not decode
 * requested zset member". `parseSearch` therefore never throws: it records the option steps in
 * order, ending at the first argument error, and `runSearch` replays them against the data.
 */
import { asciiUpper } from "../../bytes.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { parseFloatArg, parseIntegerArg } from "../../numbers.ts";
import { type Reply, reply } from "../../reply.ts";
import {
  decodeGeoScore,
  formatCoordinate,
  formatDistance,
  formatFixed,
  type GeoPoint,
  type GeoPosition,
  type GeoShape,
  geoSearch,
  isValidLongLat,
  unitToMeters,
} from "../../values/geo.ts";
import { SortedSet, sortedSetLimits } from "../../values/sorted-set.ts";
import type { Args } from "../args.ts";
import type { CommandContext } from "../context.ts";

// ---- argument readers ---------------------------------------------------------------------------

/** `extractLongLatOrReply`: both numbers first, then the range check with `%f` in the error. */
export function parseLongLat(longitudeText: string, latitudeText: string): GeoPosition {
  const longitude = parseFloatArg(longitudeText);
  if (longitude === undefined) {
    throw new ReplyError(ERR.NOT_FLOAT);
  }
  const latitude = parseFloatArg(latitudeText);
  if (latitude === undefined) {
    throw new ReplyError(ERR.NOT_FLOAT);
  }
  if (!isValidLongLat(longitude, latitude)) {
    throw new ReplyError(
      ERR.INVALID_LONGITUDE_LATITUDE(formatFixed(longitude, 6), formatFixed(latitude, 6)),
    );
  }
  return { longitude, latitude };
}

/** `extractUnitOrReply`: meters per unit (M, KM, FT, MI in any case). */
export function parseUnit(text: string): number {
  const conversion = unitToMeters(asciiUpper(text));
  if (conversion === undefined) {
    throw new ReplyError(ERR.GEO_UNSUPPORTED_UNIT);
  }
  return conversion;
}

/** `extractDistanceOrReply`: `radius unit`. */
function parseRadius(radiusText: string, unitText: string): { radius: number; conversion: number } {
  const radius = parseFloatArg(radiusText);
  if (radius === undefined) {
    throw new ReplyError(ERR.GEO_NEED_NUMERIC_RADIUS);
  }
  if (radius < 0) {
    throw new ReplyError(ERR.GEO_RADIUS_NEGATIVE);
  }
  return { radius, conversion: parseUnit(unitText) };
}

/** `extractBoxOrReply`: `width height unit`. */
function parseBox(texts: readonly string[]): { width: number; height: number; conversion: number } {
  const [widthText = "", heightText = "", unitText = ""] = texts;
  const width = parseFloatArg(widthText);
  if (width === undefined) {
    throw new ReplyError(ERR.GEO_NEED_NUMERIC_WIDTH);
  }
  const height = parseFloatArg(heightText);
  if (height === undefined) {
    throw new ReplyError(ERR.GEO_NEED_NUMERIC_HEIGHT);
  }
  if (height < 0 || width < 0) {
    throw new ReplyError(ERR.GEO_BOX_NEGATIVE);
  }
  return { width, height, conversion: parseUnit(unitText) };
}

// ---- parsing ------------------------------------------------------------------------------------

/** Which command runs `georadiusGeneric` (Redis's RADIUS_* / GEOSEARCH flags). */
export type SearchVariant =
  | "GEORADIUS"
  | "GEORADIUS_RO"
  | "GEORADIUSBYMEMBER"
  | "GEORADIUSBYMEMBER_RO"
  | "GEOSEARCH"
  | "GEOSEARCHSTORE";

/** One step of the arguments, replayed in order by `runSearch`. */
type SearchStep =
  | { readonly kind: "center"; readonly position: GeoPosition }
  | { readonly kind: "member"; readonly member: string; readonly isBase: boolean }
  | {
      readonly kind: "radius";
      readonly radius: number;
      readonly conversion: number;
      readonly isBase: boolean;
    }
  | {
      readonly kind: "box";
      readonly width: number;
      readonly height: number;
      readonly conversion: number;
    }
  | { readonly kind: "error"; readonly message: string; readonly isBase: boolean };

type SortOrder = "none" | "asc" | "desc";

export interface SearchRequest {
  readonly variant: SearchVariant;
  /** argv[0] as the client typed it, for the "exactly one of" errors. */
  readonly commandName: string;
  readonly sourceKey: string;
  readonly steps: readonly SearchStep[];
  readonly withDist: boolean;
  readonly withHash: boolean;
  readonly withCoord: boolean;
  readonly isAny: boolean;
  readonly sort: SortOrder;
  /** 0: no COUNT. */
  readonly count: number;
  readonly storeKey: string | undefined;
  readonly isStoreDist: boolean;
  readonly hasFrom: boolean;
  readonly hasBy: boolean;
}

interface ParseState {
  withDist: boolean;
  withHash: boolean;
  withCoord: boolean;
  isAny: boolean;
  sort: SortOrder;
  count: number;
  storeKey: string | undefined;
  isStoreDist: boolean;
  fromMember: boolean;
  fromLonLat: boolean;
  byRadius: boolean;
  byBox: boolean;
  steps: SearchStep[];
}

const isSearch = (variant: SearchVariant): boolean =>
  variant === "GEOSEARCH" || variant === "GEOSEARCHSTORE";

/** Runs a reader, turning its `ReplyError` into an error step; false when it failed. */
function attempt(state: ParseState, read: () => SearchStep | undefined, isBase = false): boolean {
  try {
    const step = read();
    if (step !== undefined) {
      state.steps.push(step);
    }
    return true;
  } catch (error: unknown) {
    if (error instanceof ReplyError) {
      state.steps.push({ kind: "error", message: error.reply, isBase });
      return false;
    }
    throw error;
  }
}

/** The fixed arguments before the options: GEORADIUS's centre and radius, or the member's. */
function parseBase(variant: SearchVariant, argv: readonly string[], state: ParseState): boolean {
  const text = (index: number): string => argv[index] ?? "";
  if (variant === "GEORADIUS" || variant === "GEORADIUS_RO") {
    return (
      attempt(state, () => ({ kind: "center", position: parseLongLat(text(2), text(3)) }), true) &&
      attempt(
        state,
        () => ({ kind: "radius", ...parseRadius(text(4), text(5)), isBase: true }),
        true,
      )
    );
  }
  if (variant === "GEORADIUSBYMEMBER" || variant === "GEORADIUSBYMEMBER_RO") {
    state.steps.push({ kind: "member", member: text(2), isBase: true });
    return attempt(
      state,
      () => ({ kind: "radius", ...parseRadius(text(3), text(4)), isBase: true }),
      true,
    );
  }
  if (variant === "GEOSEARCHSTORE") {
    state.storeKey = text(1);
  }
  return true;
}

/** Where the options start (Redis's `base_args`). */
const BASE_ARGS: Readonly<Record<SearchVariant, number>> = {
  GEORADIUS: 6,
  GEORADIUS_RO: 6,
  GEORADIUSBYMEMBER: 5,
  GEORADIUSBYMEMBER_RO: 5,
  GEOSEARCH: 2,
  GEOSEARCHSTORE: 3,
};

/**
 * Reads one option at `index`; returns how many arguments it used, or 0 when parsing stops (an
 * error step was recorded). Acceptance rules are Redis's: each option only where its variant
 * allows it, with its arguments present, and FROM…/BY… alternatives exclusive.
 */
function parseOption(
  request: { variant: SearchVariant; argv: readonly string[]; index: number },
  state: ParseState,
): number {
  const { variant, argv, index } = request;
  const remaining = argv.length - index;
  const canStore = (variant === "GEORADIUS" || variant === "GEORADIUSBYMEMBER") && remaining > 1;
  const search = isSearch(variant);
  const next = (offset: number): string => argv[index + offset] ?? "";
  switch (asciiUpper(argv[index] ?? "")) {
    case "WITHDIST":
      state.withDist = true;
      return 1;
    case "WITHHASH":
      state.withHash = true;
      return 1;
    case "WITHCOORD":
      state.withCoord = true;
      return 1;
    case "ANY":
      state.isAny = true;
      return 1;
    case "ASC":
      state.sort = "asc";
      return 1;
    case "DESC":
      state.sort = "desc";
      return 1;
    case "COUNT":
      if (remaining > 1) {
        return attempt(state, () => {
          state.count = parseCount(next(1));
          return undefined;
        })
          ? 2
          : 0;
      }
      break;
    case "STORE":
    case "STOREDIST":
      if (canStore) {
        state.storeKey = next(1);
        state.isStoreDist = asciiUpper(argv[index] ?? "") === "STOREDIST";
        return 2;
      }
      if (variant === "GEOSEARCHSTORE" && asciiUpper(argv[index] ?? "") === "STOREDIST") {
        state.isStoreDist = true;
        return 1;
      }
      break;
    case "FROMMEMBER":
      if (remaining > 1 && search && !state.fromLonLat) {
        state.fromMember = true;
        state.steps.push({ kind: "member", member: next(1), isBase: false });
        return 2;
      }
      break;
    case "FROMLONLAT":
      if (remaining > 2 && search && !state.fromMember) {
        state.fromLonLat = true;
        return attempt(state, () => ({ kind: "center", position: parseLongLat(next(1), next(2)) }))
          ? 3
          : 0;
      }
      break;
    case "BYRADIUS":
      if (remaining > 2 && search && !state.byBox) {
        state.byRadius = true;
        return attempt(state, () => ({
          kind: "radius",
          ...parseRadius(next(1), next(2)),
          isBase: false,
        }))
          ? 3
          : 0;
      }
      break;
    case "BYBOX":
      if (remaining > 3 && search && !state.byRadius) {
        state.byBox = true;
        return attempt(state, () => ({ kind: "box", ...parseBox([next(1), next(2), next(3)]) }))
          ? 4
          : 0;
      }
      break;
    default:
      break;
  }
  state.steps.push({ kind: "error", message: ERR.SYNTAX, isBase: false });
  return 0;
}

/** COUNT's value: a 64-bit integer above 0. */
function parseCount(text: string): number {
  const count = parseIntegerArg(text);
  if (count === undefined) {
    throw new ReplyError(ERR.NOT_INTEGER);
  }
  if (count <= 0) {
    throw new ReplyError(ERR.GEO_COUNT_NOT_POSITIVE);
  }
  return Number(count);
}

/** Reads every argument of a search command without throwing (see the module comment). */
export function parseSearch(variant: SearchVariant, args: Args): SearchRequest {
  const argv = args.argv;
  args.rest();
  const state: ParseState = {
    withDist: false,
    withHash: false,
    withCoord: false,
    isAny: false,
    sort: "none",
    count: 0,
    storeKey: undefined,
    isStoreDist: false,
    fromMember: false,
    fromLonLat: false,
    byRadius: false,
    byBox: false,
    steps: [],
  };
  if (parseBase(variant, argv, state)) {
    let index = BASE_ARGS[variant];
    while (index < argv.length) {
      const used = parseOption({ variant, argv, index }, state);
      if (used === 0) {
        break;
      }
      index += used;
    }
  }
  return {
    variant,
    commandName: argv[0] ?? "",
    sourceKey: argv[variant === "GEOSEARCHSTORE" ? 2 : 1] ?? "",
    steps: state.steps,
    withDist: state.withDist,
    withHash: state.withHash,
    withCoord: state.withCoord,
    isAny: state.isAny,
    sort: state.sort,
    count: state.count,
    storeKey: state.storeKey,
    isStoreDist: state.isStoreDist,
    hasFrom: state.fromMember || state.fromLonLat,
    hasBy: state.byRadius || state.byBox,
  };
}

/**
 * GEORADIUS and GEORADIUSBYMEMBER's keys for COMMAND GETKEYS (`georadiusGetKeys`): the source and
 * the last STORE/STOREDIST target.
 */
export function georadiusKeys(argv: readonly string[]): number[] {
  let storeKey = -1;
  for (let i = 5; i < argv.length; i++) {
    const token = asciiUpper(argv[i] ?? "");
    if ((token === "STORE" || token === "STOREDIST") && i + 1 < argv.length) {
      storeKey = i + 1;
      i++;
    }
  }
  return storeKey === -1 ? [1] : [1, storeKey];
}

// ---- running ------------------------------------------------------------------------------------

/** The shape the steps describe: centre plus radius or box. */
interface ShapeParts {
  center: GeoPosition | undefined;
  area:
    | { kind: "radius"; radius: number; conversion: number }
    | { kind: "box"; width: number; height: number; conversion: number }
    | undefined;
}

/** Replays the steps: member lookups and deferred argument errors, in Redis's order. */
function replaySteps(request: SearchRequest, set: SortedSet | undefined): ShapeParts {
  const parts: ShapeParts = { center: undefined, area: undefined };
  const skipBase =
    set === undefined &&
    (request.variant === "GEORADIUSBYMEMBER" || request.variant === "GEORADIUSBYMEMBER_RO");
  for (const step of request.steps) {
    if (skipBase && "isBase" in step && step.isBase) {
      // Without the key Redis does not look at GEORADIUSBYMEMBER's member or radius at all.
      continue;
    }
    switch (step.kind) {
      case "center":
        parts.center = step.position;
        break;
      case "member": {
        if (set === undefined) {
          break;
        }
        const score = set.score(step.member);
        if (score === undefined) {
          throw new ReplyError(ERR.GEO_MEMBER_NOT_FOUND);
        }
        parts.center = decodeGeoScore(score);
        break;
      }
      case "radius":
        parts.area = { kind: "radius", radius: step.radius, conversion: step.conversion };
        break;
      case "box":
        parts.area = {
          kind: "box",
          width: step.width,
          height: step.height,
          conversion: step.conversion,
        };
        break;
      case "error":
        throw new ReplyError(step.message);
      default:
        return step satisfies never;
    }
  }
  return parts;
}

/** The option combinations Redis refuses once every argument was read. */
function checkCombinations(request: SearchRequest): void {
  if (
    request.storeKey !== undefined &&
    (request.withDist || request.withHash || request.withCoord)
  ) {
    throw new ReplyError(
      ERR.GEO_STORE_WITH_OPTIONS(
        request.variant === "GEOSEARCHSTORE" ? "GEOSEARCHSTORE" : "STORE option in GEORADIUS",
      ),
    );
  }
  if (isSearch(request.variant) && !request.hasFrom) {
    throw new ReplyError(ERR.GEO_FROM_REQUIRED(request.commandName));
  }
  if (isSearch(request.variant) && !request.hasBy) {
    throw new ReplyError(ERR.GEO_BY_REQUIRED(request.commandName));
  }
  if (request.isAny && request.count === 0) {
    throw new ReplyError(ERR.GEO_ANY_WITHOUT_COUNT);
  }
}

/** `addReplyLongLong(gp->score)`: the score cast to a 64-bit integer. */
function hashReply(score: number): Reply {
  const truncated = Math.trunc(score);
  if (Number.isSafeInteger(truncated)) {
    return reply.integer(truncated);
  }
  return reply.integer(Math.abs(truncated) < 2 ** 63 ? BigInt(truncated) : -(2n ** 63n));
}

function pointReply(point: GeoPoint, request: SearchRequest, conversion: number): Reply {
  const member = reply.bulk(point.member);
  if (!(request.withDist || request.withHash || request.withCoord)) {
    return member;
  }
  const items: Reply[] = [member];
  if (request.withDist) {
    items.push(reply.bulk(formatDistance(point.distance / conversion)));
  }
  if (request.withHash) {
    items.push(hashReply(point.score));
  }
  if (request.withCoord) {
    items.push(
      reply.bulks([
        formatCoordinate(point.position.longitude),
        formatCoordinate(point.position.latitude),
      ]),
    );
  }
  return reply.array(items);
}

/** Writes the results to the STORE key (or deletes it when there are none); the count stored. */
function storeResults(
  ctx: CommandContext,
  request: SearchRequest & { readonly storeKey: string },
  results: { points: readonly GeoPoint[]; conversion: number },
): Reply {
  const { storeKey } = request;
  if (results.points.length === 0) {
    if (ctx.db.delete(storeKey)) {
      ctx.modified(storeKey, "del", "g");
    }
    return reply.integer(0);
  }
  const limits = sortedSetLimits(ctx.server.config);
  // Redis builds a skiplist and converts it to a listpack when small enough.
  const set = SortedSet.create(limits, { size: results.points.length, memberLength: 0 });
  set.useSkiplist();
  for (const point of results.points) {
    const score = request.isStoreDist ? point.distance / results.conversion : point.score;
    set.add(point.member, score, { flags: {}, limits });
  }
  set.compactIfSmall(limits);
  ctx.db.set(storeKey, set);
  ctx.modified(storeKey, isSearch(request.variant) ? "geosearchstore" : "georadiusstore", "z");
  return reply.integer(results.points.length);
}

/** `georadiusGeneric` after parsing. */
export function runSearch(ctx: CommandContext, request: SearchRequest): Reply {
  const set = ctx.db.getContainer(request.sourceKey, "zset");
  const parts = replaySteps(request, set);
  checkCombinations(request);
  if (set === undefined || parts.center === undefined || parts.area === undefined) {
    if (request.storeKey !== undefined) {
      return storeResults(
        ctx,
        { ...request, storeKey: request.storeKey },
        { points: [], conversion: 1 },
      );
    }
    return reply.array([]);
  }
  const shape: GeoShape = { ...parts.area, center: parts.center };
  const conversion = parts.area.conversion;
  // COUNT without ANY needs the nearest ones, so it implies ASC.
  const sort =
    request.count !== 0 && request.sort === "none" && !request.isAny ? "asc" : request.sort;
  const found = geoSearch(set, shape, {
    limit: request.isAny ? request.count : 0,
    needsDistance: request.withDist || sort !== "none" || request.isStoreDist,
  });
  if (sort !== "none") {
    // Redis sorts with qsort/pqsort; a stable sort keeps equal distances in discovery order.
    found.sort((a, b) => (sort === "asc" ? a.distance - b.distance : b.distance - a.distance));
  }
  const points = request.count === 0 ? found : found.slice(0, request.count);
  if (request.storeKey !== undefined) {
    return storeResults(ctx, { ...request, storeKey: request.storeKey }, { points, conversion });
  }
  return reply.array(points.map((point) => pointReply(point, request, conversion)));
}
