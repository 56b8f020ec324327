import { fc, test as fcTest } from "@fast-check/vitest";
import { describe, test } from "vitest";
import {
  decodeGeoScore,
  encodeGeoScore,
  formatCoordinate,
  formatDistance,
  formatFixed,
  type GeoShape,
  geoDistance,
  geoSearch,
  standardGeohash,
} from "./geo.ts";
import { SortedSet } from "./sorted-set.ts";

// Expected values come from redis-server (GEOADD / ZSCORE / GEOPOS / GEOHASH / GEODIST).
describe("geohash encoding", () => {
  test("scores are Redis's 52-bit geohashes", ({ expect }) => {
    expect(encodeGeoScore(13.361389, 38.115556)).toBe(3479099956230698);
    expect(encodeGeoScore(15.087269, 37.502669)).toBe(3479447370796909);
    expect(encodeGeoScore(13.583333, 37.316667)).toBe(3479030013248308);
    // Longitude 180 encodes one past the last cell, beyond 2^53, rounded as Redis rounds it.
    expect(encodeGeoScore(180, 0)).toBe(10133099161583616);
  });

  test("decoding gives the centre of the cell, clamped to the valid range", ({ expect }) => {
    const palermo = decodeGeoScore(3479099956230698);
    expect(formatCoordinate(palermo.longitude)).toBe("13.36138933897018433");
    expect(formatCoordinate(palermo.latitude)).toBe("38.11555639549629859");
    const east = decodeGeoScore(10133099161583616);
    expect(formatCoordinate(east.longitude)).toBe("180");
    expect(formatCoordinate(east.latitude)).toBe("0.00000126736058093");
  });

  test("GEOHASH's standard 11-character geohash", ({ expect }) => {
    expect(standardGeohash(3479099956230698)).toBe("sqc8b49rny0");
    expect(standardGeohash(3479447370796909)).toBe("sqdtr74hyu0");
    expect(standardGeohash(3479030013248308)).toBe("sq9sm1716e0");
  });
});

describe("distances and formatting", () => {
  test("haversine with Redis's earth radius, 4 decimals", ({ expect }) => {
    const palermo = decodeGeoScore(3479099956230698);
    const catania = decodeGeoScore(3479447370796909);
    expect(formatDistance(geoDistance(palermo, catania))).toBe("166274.1516");
    expect(formatDistance(geoDistance(palermo, catania) / 1609.34)).toBe("103.3182");
    expect(formatDistance(geoDistance(palermo, palermo))).toBe("0.0000");
  });

  test("%f rounds exact ties to even, as glibc does", ({ expect }) => {
    expect(formatFixed(1.0078125, 6)).toBe("1.007812");
    expect(formatFixed(0.0234375, 6)).toBe("0.023438");
    expect(formatFixed(-0.0078125, 6)).toBe("-0.007812");
    expect(formatFixed(200, 6)).toBe("200.000000");
    expect(formatFixed(-0, 6)).toBe("-0.000000");
    expect(formatFixed(Number.POSITIVE_INFINITY, 6)).toBe("inf");
    expect(formatFixed(1e21, 2)).toBe("1000000000000000000000.00");
  });

  test("coordinates drop trailing zeros and the dot", ({ expect }) => {
    expect(formatCoordinate(180)).toBe("180");
    expect(formatCoordinate(-0)).toBe("0");
    expect(formatCoordinate(0.5)).toBe("0.5");
  });
});

describe("radius search", () => {
  const Limits = { maxListpackEntries: 128, maxListpackValue: 64 };

  // The search decides most candidates by bounds before (or instead of) the haversine; whatever
  // it decides must be what the haversine on every member decides, boundary included.
  fcTest.prop(
    [
      fc.record({
        longitude: fc.double({ min: -170, max: 170, noNaN: true }),
        latitude: fc.double({ min: -70, max: 70, noNaN: true }),
      }),
      fc.double({ min: 0.02, max: 3, noNaN: true }),
      fc.array(fc.tuple(fc.double({ min: -1, max: 1 }), fc.double({ min: -1, max: 1 })), {
        minLength: 1,
        maxLength: 400,
      }),
    ],
    { numRuns: 80 },
  )("finds exactly the members the haversine puts inside", (center, span, offsets) => {
    const set = new SortedSet();
    const scores = offsets.map(([dx, dy]) =>
      encodeGeoScore(
        center.longitude + dx * span,
        Math.max(-85, Math.min(85, center.latitude + dy * span)),
      ),
    );
    for (const [index, score] of scores.entries()) {
      set.add(`p${index}`, score, { flags: {}, limits: Limits });
    }
    // A radius that puts the first member exactly on the circle.
    const radius = geoDistance(center, decodeGeoScore(scores[0] as number));
    const shape: GeoShape = { kind: "radius", center, radius, conversion: 1 };
    const expected = [...set.entries()]
      .filter(([, score]) => geoDistance(center, decodeGeoScore(score)) <= radius)
      .map(([member]) => member)
      .sort();
    const withDistance = geoSearch(set, shape, { limit: 0, needsDistance: true });
    const withoutDistance = geoSearch(set, shape, { limit: 0, needsDistance: false });
    const names = (points: readonly { member: string }[]): string[] =>
      points.map((point) => point.member);
    return (
      JSON.stringify([...names(withDistance)].sort()) === JSON.stringify(expected) &&
      JSON.stringify(names(withoutDistance)) === JSON.stringify(names(withDistance)) &&
      withDistance.every(
        (point) => point.distance === geoDistance(center, decodeGeoScore(point.score)),
      )
    );
  });
});
