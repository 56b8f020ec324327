import fc from "fast-check";
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

/** Real cities (longitude, latitude, name), spread over both hemispheres and the date line. */
const CITIES: readonly (readonly [string, string, string])[] = [
  ["13.361389", "38.115556", "Palermo"],
  ["15.087269", "37.502669", "Catania"],
  ["13.583333", "37.316667", "Agrigento"],
  ["2.352222", "48.856613", "Paris"],
  ["-0.127758", "51.507351", "London"],
  ["-3.703790", "40.416775", "Madrid"],
  ["12.496366", "41.902782", "Rome"],
  ["13.404954", "52.520008", "Berlin"],
  ["-74.005974", "40.712776", "New York"],
  ["-118.243683", "34.052235", "Los Angeles"],
  ["139.691711", "35.689487", "Tokyo"],
  ["151.209290", "-33.868820", "Sydney"],
  ["174.763336", "-36.848461", "Auckland"],
  ["-43.172897", "-22.906847", "Rio de Janeiro"],
  ["18.423300", "-33.918861", "Cape Town"],
  ["37.617300", "55.755826", "Moscow"],
  ["-149.900284", "61.218056", "Anchorage"],
  ["-68.303889", "-54.801944", "Ushuaia"],
  ["179.999", "-16.5", "Date line east"],
  ["-179.999", "-16.5", "Date line west"],
];

const CITY_NAMES = CITIES.map(([, , name]) => name);
const addCities: Step = ["GEOADD", "cities", ...CITIES.flat()];

describe.skipIf(!canRunDifferential)("geo and hyperloglog commands against redis-server", () => {
  let targets: Targets;
  beforeAll(async () => {
    targets = await startTargets();
  });
  afterAll(async () => {
    await targets.close();
  });

  const geoScripts: Record<string, Step[]> = {
    "GEOADD, GEOPOS, GEOHASH and GEODIST on real cities": [
      addCities,
      addCities,
      ["GEOPOS", "cities", ...CITY_NAMES, "Atlantis"],
      ["GEOHASH", "cities", ...CITY_NAMES, "Atlantis"],
      ["GEODIST", "cities", "Palermo", "Catania"],
      ["GEODIST", "cities", "Paris", "London", "km"],
      ["GEODIST", "cities", "New York", "Tokyo", "MI"],
      ["GEODIST", "cities", "Sydney", "Auckland", "ft"],
      ["GEODIST", "cities", "Date line east", "Date line west", "m"],
      ["GEODIST", "cities", "Ushuaia", "Anchorage", "km"],
      ["GEODIST", "cities", "Paris", "Paris"],
      ["GEODIST", "cities", "Paris", "Atlantis"],
      ["GEODIST", "nowhere", "a", "b"],
      ["GEOPOS", "nowhere", "a"],
      ["GEOHASH", "nowhere", "a"],
    ],
    "GEOADD options and edge coordinates": [
      ["GEOADD", "g", "NX", "1", "2", "a"],
      ["GEOADD", "g", "NX", "CH", "3", "4", "a", "5", "6", "b"],
      ["GEOADD", "g", "XX", "CH", "3", "4", "a", "7", "8", "c"],
      ["GEOADD", "g", "CH", "3", "4", "a", "9", "9", "b"],
      ["GEOADD", "missing", "XX", "1", "1", "x"],
      ["EXISTS", "missing"],
      ["GEOADD", "g", "180", "0", "east", "-180", "0", "west"],
      ["GEOADD", "g", "0", "85.05112878", "north", "0", "-85.05112878", "south"],
      ["GEOADD", "g", "1.0078125", "0.0078125", "ties"],
      ["GEOPOS", "g", "a", "b", "east", "west", "north", "south", "ties"],
      ["GEOHASH", "g", "east", "west", "north", "south", "ties"],
      ["GEODIST", "g", "north", "south", "km"],
      ["GEODIST", "g", "east", "west"],
    ],
    "geo errors": [
      ["SET", "str", "x"],
      ["GEOADD", "g", "200", "100", "a"],
      ["GEOADD", "g", "1.0078125", "86", "a"],
      ["GEOADD", "g", "-0", "-86", "a"],
      ["GEOADD", "g", "inf", "1", "a"],
      ["GEOADD", "g", "x", "1", "a"],
      ["GEOADD", "g", "1", "1"],
      ["GEOADD", "g", "NX", "XX", "1", "1", "a"],
      ["GEOADD", "g", "GT", "1", "1", "a"],
      ["GEOADD", "g", "CH", "CH", "CH"],
      ["GEOADD", "str", "1", "1", "a"],
      ["GEOADD", "str", "1", "100", "a"],
      ["GEODIST", "str", "a", "b"],
      ["GEODIST", "str", "a", "b", "parsec"],
      ["GEODIST", "g", "a", "b", "km", "extra"],
      ["GEOPOS", "str", "a"],
      ["GEOHASH", "str", "a"],
    ],
    GEOSEARCH: [
      addCities,
      ["GEOSEARCH", "cities", "FROMLONLAT", "15", "37", "BYRADIUS", "200", "km", "ASC"],
      ["GEOSEARCH", "cities", "FROMLONLAT", "15", "37", "BYRADIUS", "200", "km"],
      [
        "GEOSEARCH",
        "cities",
        "FROMMEMBER",
        "Paris",
        "BYRADIUS",
        "1500",
        "km",
        "DESC",
        "WITHCOORD",
        "WITHDIST",
        "WITHHASH",
      ],
      ["GEOSEARCH", "cities", "FROMMEMBER", "Rome", "BYBOX", "3000", "2000", "km", "WITHDIST"],
      ["GEOSEARCH", "cities", "FROMLONLAT", "0", "0", "BYRADIUS", "20000", "km", "COUNT", "5"],
      [
        "GEOSEARCH",
        "cities",
        "FROMLONLAT",
        "0",
        "0",
        "BYRADIUS",
        "20000",
        "km",
        "COUNT",
        "3",
        "ANY",
      ],
      [
        "GEOSEARCH",
        "cities",
        "FROMLONLAT",
        "0",
        "0",
        "BYRADIUS",
        "20000",
        "km",
        "COUNT",
        "3",
        "ANY",
        "DESC",
      ],
      ["GEOSEARCH", "cities", "FROMLONLAT", "180", "-16.5", "BYRADIUS", "500", "km", "WITHDIST"],
      ["GEOSEARCH", "cities", "FROMMEMBER", "Anchorage", "BYBOX", "20000", "8000", "mi", "ASC"],
      ["GEOSEARCH", "cities", "FROMMEMBER", "Ushuaia", "BYRADIUS", "5000", "km", "ASC"],
      ["GEOSEARCH", "cities", "FROMLONLAT", "13.4", "52.5", "BYRADIUS", "0", "m"],
      ["GEOSEARCH", "cities", "FROMLONLAT", "180", "85.05112878", "BYRADIUS", "0", "m"],
      ["GEOSEARCH", "cities", "FROMLONLAT", "180", "85.05112878", "BYRADIUS", "6000", "km"],
      [
        "GEOSEARCH",
        "cities",
        "FROMLONLAT",
        "-180",
        "-85.05112878",
        "BYBOX",
        "40000",
        "40000",
        "km",
      ],
      ["GEOSEARCH", "cities", "FROMLONLAT", "179.9", "-16", "BYRADIUS", "300", "km", "WITHDIST"],
      ["GEOSEARCH", "cities", "FROMMEMBER", "Date line east", "BYBOX", "500", "500", "km", "ASC"],
      ["GEOSEARCH", "cities", "FROMMEMBER", "Berlin", "BYRADIUS", "0", "m", "WITHCOORD"],
      ["GEOSEARCH", "cities", "FROMLONLAT", "2.35", "48.85", "BYBOX", "100000", "100000", "ft"],
      ["GEOSEARCH", "nowhere", "FROMMEMBER", "x", "BYRADIUS", "1", "km"],
      ["GEOSEARCH", "cities", "FROMMEMBER", "Atlantis", "BYRADIUS", "1", "km"],
      ["GEOSEARCH", "cities", "FROMMEMBER", "Atlantis", "BYRADIUS", "x", "km"],
      ["GEOSEARCH", "cities", "BYRADIUS", "x", "km", "FROMMEMBER", "Atlantis"],
      ["GEOSEARCH", "cities", "FROMLONLAT", "1", "1", "BYRADIUS", "-1", "km"],
      ["GEOSEARCH", "cities", "FROMLONLAT", "1", "1", "BYRADIUS", "1", "parsec"],
      ["GEOSEARCH", "cities", "FROMLONLAT", "1", "1", "BYBOX", "x", "1", "km"],
      ["GEOSEARCH", "cities", "FROMLONLAT", "1", "1", "BYBOX", "1", "x", "km"],
      ["GEOSEARCH", "cities", "FROMLONLAT", "1", "1", "BYBOX", "-1", "1", "km"],
      ["GEOSEARCH", "cities", "FROMLONLAT", "1", "1", "BYRADIUS", "1", "km", "COUNT", "0"],
      ["GEOSEARCH", "cities", "FROMLONLAT", "1", "1", "BYRADIUS", "1", "km", "COUNT", "x"],
      ["GEOSEARCH", "cities", "FROMLONLAT", "1", "1", "BYRADIUS", "1", "km", "ANY"],
      ["GEOSEARCH", "cities", "FROMLONLAT", "1", "1", "BYRADIUS", "1", "km", "STORE", "x"],
      ["GEOSEARCH", "cities", "FROMLONLAT", "1", "1", "BYRADIUS", "1", "km", "STOREDIST"],
      ["GEOSEARCH", "cities", "FROMLONLAT", "1", "1", "FROMMEMBER", "Rome", "BYRADIUS", "1", "km"],
      [
        "GEOSEARCH",
        "cities",
        "FROMLONLAT",
        "1",
        "1",
        "BYRADIUS",
        "1",
        "km",
        "BYBOX",
        "1",
        "1",
        "m",
      ],
      ["GeoSearch", "cities", "BYBOX", "1", "1", "km", "WITHCOORD"],
      ["geosearch", "cities", "FROMLONLAT", "1", "1", "WITHCOORD", "WITHDIST"],
      ["GEOSEARCH", "cities", "FROMLONLAT", "200", "1", "BYRADIUS", "1", "km"],
      ["GEOSEARCH", "cities", "FROMLONLAT", "1", "1", "BYRADIUS", "1"],
      ["SET", "str", "x"],
      ["GEOSEARCH", "str", "FROMLONLAT", "1", "1", "BYRADIUS", "x", "km"],
    ],
    GEOSEARCHSTORE: [
      addCities,
      ["GEOSEARCHSTORE", "near", "cities", "FROMMEMBER", "Rome", "BYRADIUS", "1500", "km"],
      ["GEOPOS", "near", ...CITY_NAMES],
      ["OBJECT", "ENCODING", "near"],
      [
        "GEOSEARCHSTORE",
        "near",
        "cities",
        "FROMMEMBER",
        "Rome",
        "BYRADIUS",
        "1500",
        "km",
        "STOREDIST",
        "COUNT",
        "2",
      ],
      ["TYPE", "near"],
      ["GEOSEARCHSTORE", "near", "cities", "FROMMEMBER", "Rome", "BYRADIUS", "1", "m", "ASC"],
      ["GEOSEARCHSTORE", "near", "cities", "FROMMEMBER", "Rome", "BYRADIUS", "1", "km", "WITHDIST"],
      ["GEOSEARCHSTORE", "gone", "nowhere", "FROMLONLAT", "1", "1", "BYRADIUS", "1", "km"],
      ["EXISTS", "near", "gone"],
      ["SET", "dest", "x"],
      ["GEOSEARCHSTORE", "dest", "cities", "FROMLONLAT", "13", "38", "BYRADIUS", "100", "km"],
      ["TYPE", "dest"],
    ],
    "GEORADIUS and GEORADIUSBYMEMBER": [
      addCities,
      ["GEORADIUS", "cities", "15", "37", "200", "km", "WITHDIST", "WITHHASH", "WITHCOORD", "ASC"],
      ["GEORADIUS_RO", "cities", "15", "37", "200", "km", "COUNT", "1", "DESC", "WITHDIST"],
      ["GEORADIUS", "cities", "15", "37", "200", "km", "STORE", "sicily"],
      ["GEOPOS", "sicily", "Palermo", "Catania", "Agrigento"],
      ["GEORADIUS", "cities", "15", "37", "200", "km", "STOREDIST", "sicily"],
      ["TYPE", "sicily"],
      ["GEORADIUS", "cities", "15", "37", "1", "km", "STORE", "sicily"],
      ["EXISTS", "sicily"],
      ["GEORADIUSBYMEMBER", "cities", "Agrigento", "100", "km"],
      ["GEORADIUSBYMEMBER_RO", "cities", "London", "1000", "km", "WITHDIST", "ASC"],
      ["GEORADIUSBYMEMBER", "cities", "Atlantis", "100", "km"],
      ["GEORADIUSBYMEMBER", "nowhere", "Atlantis", "x", "km"],
      ["GEORADIUSBYMEMBER", "nowhere", "Atlantis", "1", "km", "STORE", "x"],
      ["GEORADIUS", "cities", "15", "37", "200", "km", "STORE", "x", "WITHDIST"],
      ["GEORADIUS_RO", "cities", "15", "37", "200", "km", "STORE", "x"],
      ["GEORADIUS", "cities", "15", "37", "200", "km", "ANY"],
      ["GEORADIUS", "cities", "15", "37", "x", "km"],
      ["GEORADIUS", "nowhere", "15", "100", "1", "km"],
    ],
  };

  for (const [name, steps] of Object.entries(geoScripts)) {
    test(name, async ({ expect }) => {
      expect(firstDifference(await runBoth(targets, steps))).toBeUndefined();
    });
  }

  const elements = (prefix: string, count: number): string[] =>
    Array.from({ length: count }, (_, i) => `${prefix}${i}`);

  const hllScripts: Record<string, Step[]> = {
    "PFADD then GET is byte for byte Redis's": [
      ["PFADD", "h"],
      ["GET", "h"],
      ["PFADD", "h", "a", "b", "c"],
      ["GET", "h"],
      ["PFADD", "h", "a", "b", "c"],
      ["PFADD", "h", "", "\u0000\u00ff", "a longer element of more than eight bytes"],
      ["GET", "h"],
      ["PFCOUNT", "h"],
      ["GET", "h"],
      ["PFADD", "h", ...elements("e", 50)],
      ["GET", "h"],
      ["PFCOUNT", "h"],
      ["PFDEBUG", "ENCODING", "h"],
      ["PFDEBUG", "DECODE", "h"],
    ],
    "sparse to dense promotion": [
      ["PFADD", "big", ...elements("x", 500)],
      ["GET", "big"],
      ["PFDEBUG", "ENCODING", "big"],
      ["PFADD", "big", ...elements("y", 2500)],
      ["PFDEBUG", "ENCODING", "big"],
      ["GET", "big"],
      ["PFCOUNT", "big"],
      ["GET", "big"],
      ["CONFIG", "SET", "hll-sparse-max-bytes", "40"],
      ["PFADD", "small", "a", "b", "c", "d", "e", "f", "g", "h", "i", "j"],
      ["PFDEBUG", "ENCODING", "small"],
      ["GET", "small"],
      ["CONFIG", "SET", "hll-sparse-max-bytes", "3000"],
    ],
    "PFMERGE and multi-key PFCOUNT": [
      ["PFADD", "h1", ...elements("a", 30)],
      ["PFADD", "h2", ...elements("a", 20), ...elements("b", 20)],
      ["PFADD", "h3", ...elements("c", 4000)],
      ["PFCOUNT", "h1", "h2"],
      ["PFCOUNT", "h1", "h2", "h3", "nowhere"],
      ["PFMERGE", "m", "h1", "h2"],
      ["GET", "m"],
      ["PFCOUNT", "m"],
      ["PFMERGE", "m", "h3"],
      ["GET", "m"],
      ["PFCOUNT", "m"],
      ["PFMERGE", "empty", "nowhere"],
      ["GET", "empty"],
      ["PFMERGE", "h1"],
      ["GET", "h1"],
      ["PFDEBUG", "TODENSE", "h2"],
      ["PFDEBUG", "TODENSE", "h2"],
      ["GET", "h2"],
      ["PFDEBUG", "DECODE", "h2"],
    ],
    "hyperloglog errors and corruption": [
      ["SET", "str", "not an hll"],
      ["LPUSH", "list", "x"],
      ["PFADD", "str", "a"],
      ["PFCOUNT", "str"],
      ["PFCOUNT", "nowhere", "str"],
      ["PFMERGE", "str", "nowhere"],
      ["PFMERGE", "nowhere", "str"],
      ["PFDEBUG", "ENCODING", "str"],
      ["PFDEBUG", "GETREG", "nowhere"],
      ["PFDEBUG", "NOPE", "nowhere"],
      ["PFADD", "h", "a", "b", "c"],
      ["PFDEBUG", "NOPE", "h"],
      ["APPEND", "h", "hello"],
      ["PFCOUNT", "h"],
      ["PFCOUNT", "h", "h"],
      ["PFDEBUG", "DECODE", "h"],
      ["PFADD", "h", "zz"],
      ["GET", "h"],
      ["PFMERGE", "m", "h"],
      [
        "SET",
        "magic",
        "HYLX\u0001\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000",
      ],
      ["PFCOUNT", "magic"],
      ["PFADD", "enc", "a"],
      ["SETRANGE", "enc", "4", "x"],
      ["PFCOUNT", "enc"],
      ["PFADD", "dense", "a"],
      ["PFDEBUG", "TODENSE", "dense"],
      ["SETRANGE", "dense", "20000", "x"],
      ["PFCOUNT", "dense"],
    ],
  };

  for (const [name, steps] of Object.entries(hllScripts)) {
    test(name, async ({ expect }) => {
      expect(firstDifference(await runBoth(targets, steps))).toBeUndefined();
    });
  }

  test("HLL bytes made by Redis are read by Stratus", async ({ expect }) => {
    await runBoth(targets, []);
    const { redis, stratus } = targets;
    await redis.call("PFADD", "sparse", ...elements("s", 200));
    await redis.call("PFADD", "dense", ...elements("d", 5000));
    await redis.call("PFCOUNT", "dense");
    for (const key of ["sparse", "dense"]) {
      const bytes = await redis.call("GET", key);
      expect(bytes.kind).toBe("bulk");
      if (bytes.kind === "bulk") {
        await stratus.call("SET", key, bytes.value);
      }
    }
    for (const argv of [
      ["PFCOUNT", "sparse"],
      ["PFCOUNT", "dense"],
      ["PFCOUNT", "sparse", "dense"],
      ["PFADD", "sparse", "new"],
      ["GET", "sparse"],
      ["PFMERGE", "sparse", "dense"],
      ["GET", "sparse"],
    ]) {
      const [fromRedis, fromStratus] = await Promise.all([
        redis.call(...argv),
        stratus.call(...argv),
      ]);
      expect(show(fromStratus), argv.join(" ")).toEqual(show(fromRedis));
    }
  });

  const element = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.integer().map(String),
    fc.constantFrom("", "a", "\u0000", "\u00ff\u00fe"),
  );
  const hllCommand = fc.oneof(
    fc.array(element, { maxLength: 30 }).map((values) => ["PFADD", "p", ...values]),
    fc.array(element, { maxLength: 30 }).map((values) => ["PFADD", "q", ...values]),
    fc.constant(["PFCOUNT", "p"]),
    fc.constant(["PFCOUNT", "p", "q"]),
    fc.constant(["PFMERGE", "q", "p"]),
    fc.constant(["GET", "p"]),
    fc.constant(["GET", "q"]),
  );

  test("generated HLL sequences give the same replies and bytes", async ({ expect }) => {
    await fc.assert(
      fc.asyncProperty(fc.array(hllCommand, { minLength: 1, maxLength: 30 }), async (steps) => {
        expect(
          firstDifference(await runBoth(targets, [...steps, ["GET", "p"], ["GET", "q"]])),
        ).toBeUndefined();
      }),
      { numRuns: 60 },
    );
  });

  const coordinate = fc.record({
    longitude: fc.double({ min: -180, max: 180, noNaN: true }),
    latitude: fc.double({ min: -85.05112878, max: 85.05112878, noNaN: true }),
  });

  test("generated positions, distances and searches agree", async ({ expect }) => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(coordinate, { minLength: 2, maxLength: 25 }),
        coordinate,
        fc.constantFrom("1", "50", "500", "5000"),
        async (points, center, radius) => {
          const add = points.flatMap((point, i) => [
            String(point.longitude),
            String(point.latitude),
            `m${i}`,
          ]);
          const members = points.map((_, i) => `m${i}`);
          const from = ["FROMLONLAT", String(center.longitude), String(center.latitude)];
          const steps: Step[] = [
            ["GEOADD", "k", ...add],
            ["GEOPOS", "k", ...members],
            ["GEOHASH", "k", ...members],
            ["GEODIST", "k", "m0", "m1", "km"],
            ["GEOSEARCH", "k", ...from, "BYRADIUS", radius, "km", "ASC", "WITHDIST", "WITHHASH"],
            ["GEOSEARCH", "k", ...from, "BYRADIUS", radius, "km"],
            ["GEOSEARCH", "k", ...from, "BYBOX", radius, radius, "mi", "ASC", "WITHCOORD"],
            ["GEOSEARCH", "k", "FROMMEMBER", "m0", "BYRADIUS", radius, "km", "WITHDIST"],
          ];
          expect(firstDifference(await runBoth(targets, steps))).toBeUndefined();
        },
      ),
      { numRuns: 80 },
    );
  });
});
