import { describe, test } from "vitest";
import {
  decodeGeoScore,
  encodeGeoScore,
  formatCoordinate,
  formatDistance,
  formatFixed,
  geoDistance,
  standardGeohash,
} from "./geo.ts";

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
