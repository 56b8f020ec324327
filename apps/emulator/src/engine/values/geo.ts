/**
 * Geospatial indexes as Redis builds them on sorted sets (src/geo.c, src/geohash.c,
 * src/geohash_helper.c): a member's score is its 52-bit interleaved geohash (26 bits of longitude
 * and 26 of latitude over the Web Mercator ranges), searches scan the score ranges of the geohash
 * cell around the centre and its eight neighbours, and distances use the haversine formula with
 * Redis's earth radius. Every step follows Redis's floating-point operations in the same order, so
 * positions, distances and search results agree digit for digit.
 *
 * A cell is kept as its two integer coordinates (`latIndex`, `lonIndex`) at a precision `step`
 * instead of interleaved 64-bit bits: moving to a neighbour is then ±1 modulo 2^step on one
 * coordinate, exactly what Redis's `geohash_move_x`/`geohash_move_y` bit tricks compute, and the
 * interleaved score is only built when a score range is needed.
 */
import type { SortedSet } from "./sorted-set.ts";

export const GEO_LONG_MIN = -180;
export const GEO_LONG_MAX = 180;
export const GEO_LAT_MIN = -85.05112878;
export const GEO_LAT_MAX = 85.05112878;
/** 26 bits per coordinate: 52 bits, exactly representable as a double score. */
const GEO_STEP_MAX = 26;
/** Earth's quadratic mean radius for WGS-84, as Redis defines it. */
const EARTH_RADIUS_IN_METERS = 6372797.560856;
const MERCATOR_MAX = 20037726.37;
const D_R = Math.PI / 180;
const TWO_32 = 2 ** 32;

/** Meters per unit: `extractUnitOrReply`'s table (the unit names are case-insensitive). */
const UNITS: Readonly<Record<string, number>> = { M: 1, KM: 1000, FT: 0.3048, MI: 1609.34 };

/** Meters per `unit` (ASCII upper-cased), or undefined when the unit is not one of M, KM, FT, MI. */
export function unitToMeters(upperUnit: string): number | undefined {
  return UNITS[upperUnit];
}

const degRad = (angle: number): number => angle * D_R;
const radDeg = (angle: number): number => angle / D_R;

/** Whether a coordinate pair is inside the range GEOADD accepts. */
export function isValidLongLat(longitude: number, latitude: number): boolean {
  return (
    longitude >= GEO_LONG_MIN &&
    longitude <= GEO_LONG_MAX &&
    latitude >= GEO_LAT_MIN &&
    latitude <= GEO_LAT_MAX
  );
}

// ---- bit interleaving ---------------------------------------------------------------------------

/** Spreads the 16 low bits of `value` to the even bit positions of a 32-bit word. */
function spread16(value: number): number {
  let x = value & 0xffff;
  x = (x | (x << 8)) & 0x00ff00ff;
  x = (x | (x << 4)) & 0x0f0f0f0f;
  x = (x | (x << 2)) & 0x33333333;
  x = (x | (x << 1)) & 0x55555555;
  return x >>> 0;
}

/** The inverse of `spread16`: gathers the even bits of a 32-bit word. */
function compact16(value: number): number {
  let x = value & 0x55555555;
  x = (x | (x >>> 1)) & 0x33333333;
  x = (x | (x >>> 2)) & 0x0f0f0f0f;
  x = (x | (x >>> 4)) & 0x00ff00ff;
  x = (x | (x >>> 8)) & 0x0000ffff;
  return x;
}

/** A 32-bit value's bits at the even positions of a 64-bit value (as a double, exact below 2^53). */
function spread32(value: number): number {
  return spread16(value) + spread16(value >>> 16) * TWO_32;
}

/**
 * `interleave64(lat, lon)` as a double: latitude bits at even positions, longitude bits at odd
 * ones. Both parts are exact and their sum rounds as Redis's uint64 → double conversion does.
 */
function interleave(latIndex: number, lonIndex: number): number {
  return spread32(latIndex) + 2 * spread32(lonIndex);
}

/**
 * The unsigned 64-bit integer C gets from `(uint64_t)score` (gcc on x86-64), as two 32-bit halves.
 * Geo scores are non-negative integers below 2^53; other scores a user stored with ZADD decode to
 * whatever Redis would decode them to.
 */
function scoreToUint64(score: number): { hi: number; lo: number } {
  const truncated = Math.trunc(score);
  if (!(score < 2 ** 64) || Number.isNaN(score)) {
    // Out of range: x86-64 yields 0 above 2^64 (the unsigned conversion path).
    return { hi: score >= 2 ** 64 ? 0 : 0x80000000, lo: 0 };
  }
  if (truncated < -(2 ** 63)) {
    return { hi: 0x80000000, lo: 0 };
  }
  const hi = Math.floor(truncated / TWO_32);
  return { hi: hi >>> 0, lo: truncated - hi * TWO_32 };
}

// ---- cells --------------------------------------------------------------------------------------

/** A geohash cell: integer coordinates at a precision of `step` bits each. */
export interface GeoCell {
  readonly latIndex: number;
  readonly lonIndex: number;
  readonly step: number;
}

interface CoordRange {
  readonly min: number;
  readonly max: number;
}

interface CellArea {
  readonly longitude: CoordRange;
  readonly latitude: CoordRange;
}

const LONG_RANGE: CoordRange = { min: GEO_LONG_MIN, max: GEO_LONG_MAX };
const LAT_RANGE: CoordRange = { min: GEO_LAT_MIN, max: GEO_LAT_MAX };
/** The standard geohash ranges GEOHASH re-encodes with. */
const STANDARD_LONG_RANGE: CoordRange = { min: -180, max: 180 };
const STANDARD_LAT_RANGE: CoordRange = { min: -90, max: 90 };

/**
 * `geohashEncode`: the cell of (longitude, latitude) at `step` bits. Offsets are truncated to
 * integers as C's double → uint32 conversion does; the maximum coordinate gives 2^step, one past
 * the last cell, as in Redis.
 */
function encodeCell(
  point: { longitude: number; latitude: number },
  ranges: { longitude: CoordRange; latitude: CoordRange },
  step: number,
): GeoCell {
  const latOffset =
    (point.latitude - ranges.latitude.min) / (ranges.latitude.max - ranges.latitude.min);
  const lonOffset =
    (point.longitude - ranges.longitude.min) / (ranges.longitude.max - ranges.longitude.min);
  return {
    latIndex: Math.trunc(latOffset * 2 ** step) >>> 0,
    lonIndex: Math.trunc(lonOffset * 2 ** step) >>> 0,
    step,
  };
}

/** `geohashDecode`: the bounds of a cell. */
function decodeCell(cell: GeoCell): CellArea {
  const latScale = LAT_RANGE.max - LAT_RANGE.min;
  const lonScale = LONG_RANGE.max - LONG_RANGE.min;
  const size = 2 ** cell.step;
  return {
    latitude: {
      min: LAT_RANGE.min + (cell.latIndex / size) * latScale,
      // C adds 1 in uint32 arithmetic, which wraps for the (corrupt-score) index 2^32 - 1.
      max: LAT_RANGE.min + (((cell.latIndex + 1) >>> 0) / size) * latScale,
    },
    longitude: {
      min: LONG_RANGE.min + (cell.lonIndex / size) * lonScale,
      max: LONG_RANGE.min + (((cell.lonIndex + 1) >>> 0) / size) * lonScale,
    },
  };
}

/** A longitude/latitude pair. */
export interface GeoPosition {
  readonly longitude: number;
  readonly latitude: number;
}

/** GEOADD's score for a position: its 52-bit geohash. */
export function encodeGeoScore(longitude: number, latitude: number): number {
  const cell = encodeCell(
    { longitude, latitude },
    { longitude: LONG_RANGE, latitude: LAT_RANGE },
    GEO_STEP_MAX,
  );
  return interleave(cell.latIndex, cell.lonIndex);
}

/**
 * One coordinate of a 52-bit cell's centre: `geohashDecode`'s bounds then
 * `geohashDecodeAreaToLongLat`'s midpoint clamped to the valid range, the same operations in the
 * same order as Redis, without objects (a search decodes every candidate).
 */
function cellCentreAt(index: number, range: CoordRange): number {
  const scale = range.max - range.min;
  const size = 2 ** GEO_STEP_MAX;
  const min = range.min + (index / size) * scale;
  // C adds 1 in uint32 arithmetic, which wraps for the (corrupt-score) index 2^32 - 1.
  const max = range.min + (((index + 1) >>> 0) / size) * scale;
  return Math.min(Math.max((min + max) / 2, range.min), range.max);
}

/** deinterleave64's latitude: the even bits of the 64-bit value `hi`·2^32 + `lo`. */
const evenBits = (hi: number, lo: number): number => (compact16(lo) | (compact16(hi) << 16)) >>> 0;

/** `decodeGeohash`: the position a score stands for (the centre of its 52-bit cell). */
export function decodeGeoScore(score: number): GeoPosition {
  const { hi, lo } = scoreToUint64(score);
  // deinterleave64: latitude from the even bits, longitude from the odd ones.
  return {
    longitude: cellCentreAt(evenBits(hi >>> 1, lo >>> 1), LONG_RANGE),
    latitude: cellCentreAt(evenBits(hi, lo), LAT_RANGE),
  };
}

const GEOHASH_ALPHABET = "0123456789bcdefghjkmnpqrstuvwxyz";

/**
 * GEOHASH's 11-character standard geohash: the decoded position re-encoded over [-180, 180] ×
 * [-90, 90] with 52 bits, ten base-32 characters, and a final `0` (Redis has only 52 bits but
 * keeps the customary 11 characters).
 */
export function standardGeohash(score: number): string {
  const position = decodeGeoScore(score);
  const cell = encodeCell(
    position,
    { longitude: STANDARD_LONG_RANGE, latitude: STANDARD_LAT_RANGE },
    GEO_STEP_MAX,
  );
  // Longitude 180 encodes one past the last cell, beyond 2^53: use exact integers then.
  const bits = BigInt(spread32(cell.latIndex)) + 2n * BigInt(spread32(cell.lonIndex));
  let text = "";
  for (let i = 0; i < 10; i++) {
    text += GEOHASH_ALPHABET[Number((bits >> BigInt(52 - (i + 1) * 5)) & 31n)];
  }
  return `${text}0`;
}

// ---- distances ----------------------------------------------------------------------------------

/** `geohashGetLatDistance`: the distance along a meridian. */
function latitudeDistance(lat1: number, lat2: number): number {
  return EARTH_RADIUS_IN_METERS * Math.abs(degRad(lat2) - degRad(lat1));
}

/** `geohashGetDistance`: the haversine distance in meters between two positions. */
export function geoDistance(from: GeoPosition, to: GeoPosition): number {
  const lon1r = degRad(from.longitude);
  const lon2r = degRad(to.longitude);
  const v = Math.sin((lon2r - lon1r) / 2);
  // Same longitude: the haversine reduces to the latitude difference (Redis's shortcut).
  if (v === 0) {
    return latitudeDistance(from.latitude, to.latitude);
  }
  const lat1r = degRad(from.latitude);
  const lat2r = degRad(to.latitude);
  const u = Math.sin((lat2r - lat1r) / 2);
  const a = u * u + Math.cos(lat1r) * Math.cos(lat2r) * v * v;
  return 2.0 * EARTH_RADIUS_IN_METERS * Math.asin(Math.sqrt(a));
}

// ---- shapes and search --------------------------------------------------------------------------

/** The area of a GEOSEARCH / GEORADIUS query; sizes are in the query's unit. */
export type GeoShape =
  | {
      readonly kind: "radius";
      readonly center: GeoPosition;
      readonly radius: number;
      /** Meters per unit. */
      readonly conversion: number;
    }
  | {
      readonly kind: "box";
      readonly center: GeoPosition;
      readonly width: number;
      readonly height: number;
      readonly conversion: number;
    };

/** A member found by a search; `distance` is in meters (NaN when not asked for: see `geoSearch`). */
export interface GeoPoint {
  readonly member: string;
  readonly score: number;
  readonly position: GeoPosition;
  readonly distance: number;
}

/** `geohashEstimateStepsByRadius`: the cell precision whose cells cover the radius. */
function estimateSteps(rangeMeters: number, latitude: number): number {
  if (rangeMeters === 0) {
    return 26;
  }
  let range = rangeMeters;
  let step = 1;
  while (range < MERCATOR_MAX) {
    range *= 2;
    step++;
  }
  step -= 2; // Make sure the range is included in most of the base cases.
  // Wider cells towards the poles, where meridians converge.
  if (latitude > 66 || latitude < -66) {
    step--;
    if (latitude > 80 || latitude < -80) {
      step--;
    }
  }
  return Math.min(Math.max(step, 1), 26);
}

interface Bounds {
  readonly minLon: number;
  readonly minLat: number;
  readonly maxLon: number;
  readonly maxLat: number;
}

/** `geohashBoundingBox`: the longitude/latitude box around the shape. */
function boundingBox(shape: GeoShape): Bounds {
  const { longitude, latitude } = shape.center;
  const height = shape.conversion * (shape.kind === "radius" ? shape.radius : shape.height / 2);
  const width = shape.conversion * (shape.kind === "radius" ? shape.radius : shape.width / 2);
  const latDelta = radDeg(height / EARTH_RADIUS_IN_METERS);
  const lonDeltaTop = radDeg(
    width / EARTH_RADIUS_IN_METERS / Math.cos(degRad(latitude + latDelta)),
  );
  const lonDeltaBottom = radDeg(
    width / EARTH_RADIUS_IN_METERS / Math.cos(degRad(latitude - latDelta)),
  );
  // The box is wider on the side nearer the equator, which flips between hemispheres.
  const isSouthern = latitude < 0;
  return {
    minLon: isSouthern ? longitude - lonDeltaBottom : longitude - lonDeltaTop,
    maxLon: isSouthern ? longitude + lonDeltaBottom : longitude + lonDeltaTop,
    minLat: latitude - latDelta,
    maxLat: latitude + latDelta,
  };
}

/** Moves a cell by `dLon`/`dLat` (−1, 0, 1), wrapping around like Redis's bit arithmetic. */
function moveCell(cell: GeoCell, dLon: number, dLat: number): GeoCell {
  const size = 2 ** cell.step;
  return {
    latIndex: dLat === 0 ? cell.latIndex : (((cell.latIndex + dLat) % size) + size) % size,
    lonIndex: dLon === 0 ? cell.lonIndex : (((cell.lonIndex + dLon) % size) + size) % size,
    step: cell.step,
  };
}

/**
 * The cells a search scans, in Redis's order: centre, N, S, E, W, NE, NW, SE, SW
 * (`membersOfAllNeighbors`); undefined marks a neighbour Redis excluded (`GZERO`).
 */
function searchCells(shape: GeoShape): (GeoCell | undefined)[] {
  const bounds = boundingBox(shape);
  const radiusInUnit =
    shape.kind === "radius"
      ? shape.radius
      : Math.sqrt((shape.width / 2) * (shape.width / 2) + (shape.height / 2) * (shape.height / 2));
  let steps = estimateSteps(radiusInUnit * shape.conversion, shape.center.latitude);
  const ranges = { longitude: LONG_RANGE, latitude: LAT_RANGE };
  let center = encodeCell(shape.center, ranges, steps);
  // Near a cell edge the estimated cells may not reach the whole box: use larger cells.
  const north = decodeCell(moveCell(center, 0, 1));
  const south = decodeCell(moveCell(center, 0, -1));
  const east = decodeCell(moveCell(center, 1, 0));
  const west = decodeCell(moveCell(center, -1, 0));
  const needsWiderCells =
    north.latitude.max < bounds.maxLat ||
    south.latitude.min > bounds.minLat ||
    east.longitude.max < bounds.maxLon ||
    west.longitude.min > bounds.minLon;
  if (steps > 1 && needsWiderCells) {
    steps--;
    center = encodeCell(shape.center, ranges, steps);
  }
  const area = decodeCell(center);
  // Skip the neighbours that cannot intersect the box.
  const skipSouth = steps >= 2 && area.latitude.min < bounds.minLat;
  const skipNorth = steps >= 2 && area.latitude.max > bounds.maxLat;
  const skipWest = steps >= 2 && area.longitude.min < bounds.minLon;
  const skipEast = steps >= 2 && area.longitude.max > bounds.maxLon;
  const neighbour = (dLon: number, dLat: number): GeoCell | undefined =>
    (dLat > 0 && skipNorth) ||
    (dLat < 0 && skipSouth) ||
    (dLon > 0 && skipEast) ||
    (dLon < 0 && skipWest)
      ? undefined
      : moveCell(center, dLon, dLat);
  return [
    center,
    neighbour(0, 1),
    neighbour(0, -1),
    neighbour(1, 0),
    neighbour(-1, 0),
    neighbour(1, 1),
    neighbour(-1, 1),
    neighbour(1, -1),
    neighbour(-1, -1),
  ];
}

/**
 * `scoresOfGeoHashBox`: the scores [min, max) of every 52-bit hash inside the cell. Cells past the
 * edge (an index of 2^step, from the maximum coordinate) exceed 2^53, where Redis's uint64 values
 * are rounded to doubles; BigInt keeps that rounding exact.
 */
function cellScoreRange(cell: GeoCell): { min: number; max: number } {
  const shift = 2 ** (52 - cell.step * 2);
  const size = 2 ** cell.step;
  if (cell.latIndex < size && cell.lonIndex < size) {
    const bits = interleave(cell.latIndex, cell.lonIndex);
    return { min: bits * shift, max: (bits + 1) * shift };
  }
  const bits = BigInt(spread32(cell.latIndex)) + 2n * BigInt(spread32(cell.lonIndex));
  const bigShift = BigInt(shift);
  return { min: Number(bits * bigShift), max: Number((bits + 1n) * bigShift) };
}

/** `geoWithinShape`: the distance in meters from the centre when `position` is inside, else undefined. */
function distanceIfWithin(shape: GeoShape, position: GeoPosition): number | undefined {
  if (shape.kind === "radius") {
    const distance = geoDistance(shape.center, position);
    return distance > shape.radius * shape.conversion ? undefined : distance;
  }
  // Latitude first: it is cheaper (geohashGetDistanceIfInRectangle).
  const widthMeters = shape.width * shape.conversion;
  const heightMeters = shape.height * shape.conversion;
  if (latitudeDistance(position.latitude, shape.center.latitude) > heightMeters / 2) {
    return undefined;
  }
  const lonDistance = geoDistance(position, {
    longitude: shape.center.longitude,
    latitude: position.latitude,
  });
  if (lonDistance > widthMeters / 2) {
    return undefined;
  }
  return geoDistance(shape.center, position);
}

/**
 * Cheap tests that decide most candidates of a radius search without the haversine, which Redis
 * computes for every candidate (`geohashGetDistanceIfInRadiusWGS84`). With the haversine's
 * a = sin²(Δφ/2) + cos φ1·cos φ2·sin²(Δλ/2) and x² − x⁴/3 ≤ sin²x ≤ x², a candidate's a lies
 * between bounds built from its coordinate differences with multiplications only, where cos φ2 is
 * bounded over the latitude band a candidate must lie in. A candidate is decided by the bounds
 * only when they clear the radius by a margin (1 m and a millionth) far above the formula's
 * rounding, so every decision is the one the haversine would make and the result is Redis's;
 * the rest, a thin ring along the circle, get the haversine. Inside candidates skip it only when
 * nothing asks for their distance.
 */
interface RadiusPrefilter {
  readonly longitude: number;
  readonly latitude: number;
  /** Degrees of latitude beyond which a candidate is out (Infinity: no test). */
  readonly maxLatGap: number;
  /** cos φ1 times the band's lowest (`minCosines`) and highest (`maxCosines`) cos φ2. */
  readonly minCosines: number;
  readonly maxCosines: number;
  /** a above this: out; a below `insideA`: in (−1: never). */
  readonly outsideA: number;
  readonly insideA: number;
}

function radiusPrefilter(center: GeoPosition, radiusMeters: number): RadiusPrefilter | undefined {
  const outer = radiusMeters * (1 + 1e-6) + 1;
  const inner = radiusMeters * (1 - 1e-6) - 1;
  const latGap = radDeg(outer / EARTH_RADIUS_IN_METERS);
  const bandEdge = Math.abs(center.latitude) + latGap;
  const outerHalfAngle = outer / (2 * EARTH_RADIUS_IN_METERS);
  // Past a quarter of the globe the bounds stop being monotonic: leave it to the haversine.
  if (bandEdge >= 89 || outerHalfAngle >= Math.PI / 4) {
    return undefined;
  }
  const centerCosine = Math.cos(degRad(center.latitude));
  const bandNearest = Math.max(Math.abs(center.latitude) - latGap, 0);
  return {
    longitude: center.longitude,
    latitude: center.latitude,
    maxLatGap: latGap,
    minCosines: centerCosine * Math.cos(degRad(bandEdge)),
    maxCosines: centerCosine * Math.cos(degRad(bandNearest)),
    outsideA: Math.sin(outerHalfAngle) ** 2,
    insideA: inner > 0 ? Math.sin(inner / (2 * EARTH_RADIUS_IN_METERS)) ** 2 : -1,
  };
}

/** What the bounds decide for a candidate at (longitude, latitude). */
type BoundsVerdict = "inside" | "outside" | "undecided";

function boundsVerdict(prefilter: RadiusPrefilter, position: GeoPosition): BoundsVerdict {
  const lonGap = Math.abs(position.longitude - prefilter.longitude);
  if (lonGap > 180) {
    // The short way round crosses the antimeridian: not worth bounding.
    return "undecided";
  }
  const halfLat = (position.latitude - prefilter.latitude) * (D_R / 2);
  const halfLon = lonGap * (D_R / 2);
  const lat2 = halfLat * halfLat;
  const lon2 = halfLon * halfLon;
  if (lat2 * (1 - lat2 / 3) + prefilter.minCosines * lon2 * (1 - lon2 / 3) > prefilter.outsideA) {
    return "outside";
  }
  return lat2 + prefilter.maxCosines * lon2 < prefilter.insideA ? "inside" : "undecided";
}

/** A range scan: members with `min` ≤ score < `max`, inside `shape`. */
interface RangeScan {
  readonly shape: GeoShape;
  readonly prefilter: RadiusPrefilter | undefined;
  /** Whether found members need their distance (else NaN when the bounds decided). */
  readonly needsDistance: boolean;
  readonly min: number;
  readonly max: number;
  readonly limit: number;
}

/**
 * A geo score's position, or undefined when it is outside `prefilter`'s latitude band. Scores are
 * decoded as `decodeGeoScore` does, latitude first so most rejected candidates never decode their
 * longitude.
 */
function positionInBand(score: number, prefilter: RadiusPrefilter): GeoPosition | undefined {
  if (!(score >= 0 && score < 2 ** 64)) {
    return decodeGeoScore(score);
  }
  const truncated = Math.trunc(score);
  const hi = Math.floor(truncated / TWO_32);
  const lo = truncated - hi * TWO_32;
  const latitude = cellCentreAt(evenBits(hi, lo), LAT_RANGE);
  if (Math.abs(latitude - prefilter.latitude) > prefilter.maxLatGap) {
    return undefined;
  }
  return { longitude: cellCentreAt(evenBits(hi >>> 1, lo >>> 1), LONG_RANGE), latitude };
}

/** `geoGetPointsInRange`: members with min ≤ score < max inside the shape, appended to `found`. */
function collectInRange(set: SortedSet, scan: RangeScan, found: GeoPoint[]): void {
  const { shape, prefilter, limit, needsDistance } = scan;
  set.forEachRunInScoreRange(scan, (run) => {
    for (let i = run.start; i < run.end; i++) {
      const score = run.scores[i] as number;
      let position: GeoPosition | undefined;
      let distance: number | undefined;
      if (prefilter === undefined) {
        position = decodeGeoScore(score);
        distance = distanceIfWithin(shape, position);
      } else {
        position = positionInBand(score, prefilter);
        if (position === undefined) {
          continue;
        }
        const verdict = boundsVerdict(prefilter, position);
        if (verdict === "outside") {
          continue;
        }
        distance =
          verdict === "inside" && !needsDistance ? Number.NaN : distanceIfWithin(shape, position);
      }
      if (distance !== undefined) {
        found.push({ member: run.members[i] as string, score, position, distance });
        if (limit > 0 && found.length >= limit) {
          return false;
        }
      }
    }
    return true;
  });
}

/**
 * The members inside `shape`, in Redis's discovery order (cell by cell, ascending score within a
 * cell). With `limit` > 0 (COUNT … ANY) the search stops once that many were found. Without
 * `needsDistance` a member the radius bounds place inside may come back with a NaN distance.
 */
export function geoSearch(
  set: SortedSet,
  shape: GeoShape,
  options: { readonly limit: number; readonly needsDistance: boolean },
): GeoPoint[] {
  const { limit, needsDistance } = options;
  const cells = searchCells(shape);
  const prefilter =
    shape.kind === "radius"
      ? radiusPrefilter(shape.center, shape.radius * shape.conversion)
      : undefined;
  const found: GeoPoint[] = [];
  let lastProcessed = 0;
  for (const [index, cell] of cells.entries()) {
    if (cell === undefined) {
      continue;
    }
    // Huge radii can make adjacent neighbours the same cell: skip a repeat of the previous one
    // (Redis compares with the last processed neighbour, never with the centre).
    const previous = cells[lastProcessed];
    if (
      lastProcessed !== 0 &&
      previous !== undefined &&
      previous.latIndex === cell.latIndex &&
      previous.lonIndex === cell.lonIndex &&
      previous.step === cell.step
    ) {
      continue;
    }
    if (limit > 0 && found.length >= limit) {
      break;
    }
    const range = cellScoreRange(cell);
    collectInRange(
      set,
      { shape, prefilter, needsDistance, min: range.min, max: range.max, limit },
      found,
    );
    lastProcessed = index;
  }
  return found;
}

// ---- formatting ---------------------------------------------------------------------------------

/**
 * C's `%.<digits>f` (glibc): exact decimal rounding, ties to even. `toFixed` rounds exact ties
 * away from zero, so ties — a double whose binary fraction has exactly `digits + 1` decimal
 * digits, the last a 5 — are rounded to even by hand.
 */
export function formatFixed(value: number, digits: number): string {
  if (!Number.isFinite(value)) {
    return Number.isNaN(value) ? "nan" : value > 0 ? "inf" : "-inf";
  }
  if (Math.abs(value) >= 1e21) {
    // toFixed switches to exponent form here; such doubles are integers.
    return `${BigInt(value).toString()}.${"0".repeat(digits)}`;
  }
  const isTie =
    Number.isInteger(value * 2 ** (digits + 1)) && !Number.isInteger(value * 2 ** digits);
  if (isTie) {
    const down = value.toFixed(digits + 1).slice(0, -1);
    const lastDigit = down.charCodeAt(down.length - 1) - 0x30;
    if (lastDigit % 2 === 0) {
      return down.endsWith(".") ? down.slice(0, -1) : down;
    }
  }
  const text = value.toFixed(digits);
  // toFixed drops the sign of -0; printf keeps it.
  return Object.is(value, -0) ? `-${text}` : text;
}

/**
 * A coordinate as Redis replies with it (`addReplyHumanLongDouble`, `%.17Lf` with the trailing
 * zeros and dot removed): `13.36138933897018433`.
 */
export function formatCoordinate(value: number): string {
  const text = formatFixed(value, 17);
  if (!text.includes(".")) {
    return text;
  }
  // Trailing zeros, then a bare dot, go (by hand: two regular expressions cost more than printing).
  let end = text.length;
  while (text.charCodeAt(end - 1) === 0x30) {
    end--;
  }
  if (text.charCodeAt(end - 1) === 0x2e) {
    end--;
  }
  const trimmed = text.slice(0, end);
  return trimmed === "-0" ? "0" : trimmed;
}

/** `llrint` in the default rounding mode: to the nearest integer, ties to even. */
function roundHalfEven(value: number): number {
  const floor = Math.floor(value);
  const fraction = value - floor;
  if (fraction > 0.5) {
    return floor + 1;
  }
  if (fraction < 0.5) {
    return floor;
  }
  return floor % 2 === 0 ? floor : floor + 1;
}

/**
 * A distance as Redis ≥ 7.2 replies with it (`addReplyDoubleDistance` → `fixedpoint_d2string`
 * with 4 digits): the value times 10^4 rounded to an integer, then printed with 4 decimals.
 */
export function formatDistance(value: number): string {
  if (Number.isNaN(value)) {
    // llrint(NaN) is LLONG_MIN on x86-64, which fixedpoint_d2string prints as this.
    return "-922337203685477.5808";
  }
  const scaled = roundHalfEven(value * 10000);
  const magnitude = Math.abs(scaled);
  const integer = Math.floor(magnitude / 10000);
  const fraction = String(magnitude - integer * 10000).padStart(4, "0");
  return `${scaled < 0 ? "-" : ""}${integer}.${fraction}`;
}
