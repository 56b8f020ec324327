import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

function sicily() {
  const engine = createTestEngine();
  engine.run(
    "GEOADD",
    "Sicily",
    "13.361389",
    "38.115556",
    "Palermo",
    "15.087269",
    "37.502669",
    "Catania",
    "13.583333",
    "37.316667",
    "Agrigento",
  );
  return engine;
}

const PALERMO = r.bulks("13.36138933897018433", "38.11555639549629859");
const CATANIA = r.bulks("15.08726745843887329", "37.50266842333162032");
const AGRIGENTO = r.bulks("13.5833314061164856", "37.31666804993816555");

describe("GEOSEARCH", () => {
  test("BYRADIUS from a point, unsorted in Redis's discovery order", ({ expect }) => {
    const { run } = sicily();
    expect(run("GEOSEARCH", "Sicily", "FROMLONLAT", "15", "37", "BYRADIUS", "200", "km")).toEqual(
      r.bulks("Agrigento", "Palermo", "Catania"),
    );
  });

  test("BYBOX with ASC, WITHCOORD and WITHDIST", ({ expect }) => {
    const { run } = sicily();
    expect(
      run(
        "GEOSEARCH",
        "Sicily",
        "FROMLONLAT",
        "15",
        "37",
        "BYBOX",
        "400",
        "400",
        "km",
        "ASC",
        "WITHCOORD",
        "WITHDIST",
      ),
    ).toEqual(
      r.arr(
        r.arr(r.bulk("Catania"), r.bulk("56.4413"), CATANIA),
        r.arr(r.bulk("Agrigento"), r.bulk("130.4235"), AGRIGENTO),
        r.arr(r.bulk("Palermo"), r.bulk("190.4424"), PALERMO),
      ),
    );
  });

  test("FROMMEMBER, WITHHASH, DESC", ({ expect }) => {
    const { run } = sicily();
    expect(
      run(
        "GEOSEARCH",
        "Sicily",
        "FROMMEMBER",
        "Agrigento",
        "BYRADIUS",
        "100",
        "km",
        "DESC",
        "WITHHASH",
      ),
    ).toEqual(
      r.arr(
        r.arr(r.bulk("Palermo"), r.int(3479099956230698)),
        r.arr(r.bulk("Agrigento"), r.int(3479030013248308)),
      ),
    );
  });

  test("COUNT sorts ascending; COUNT … ANY stops at the first matches, unsorted", ({ expect }) => {
    const { run } = sicily();
    expect(
      run(
        "GEOSEARCH",
        "Sicily",
        "FROMMEMBER",
        "Palermo",
        "BYRADIUS",
        "200",
        "km",
        "WITHDIST",
        "COUNT",
        "2",
      ),
    ).toEqual(
      r.arr(
        r.arr(r.bulk("Palermo"), r.bulk("0.0000")),
        r.arr(r.bulk("Agrigento"), r.bulk("90.9778")),
      ),
    );
    expect(
      run(
        "GEOSEARCH",
        "Sicily",
        "FROMLONLAT",
        "15",
        "37",
        "BYRADIUS",
        "300",
        "km",
        "COUNT",
        "1",
        "ANY",
      ),
    ).toEqual(r.bulks("Agrigento"));
  });

  test("a missing key is an empty result, whatever the member", ({ expect }) => {
    const { run } = sicily();
    expect(run("GEOSEARCH", "nokey", "FROMMEMBER", "x", "BYRADIUS", "1", "km")).toEqual(r.arr());
    expect(run("GEOSEARCH", "Sicily", "FROMLONLAT", "0", "0", "BYRADIUS", "1", "km")).toEqual(
      r.arr(),
    );
  });

  test("WRONGTYPE comes before argument errors", ({ expect }) => {
    const { run } = sicily();
    run("SET", "s", "v");
    expect(run("GEOSEARCH", "s", "FROMLONLAT", "1", "1", "BYRADIUS", "x", "km")).toEqual(
      r.err(ERR.WRONGTYPE),
    );
  });

  test("the member is looked up where FROMMEMBER appears among the options", ({ expect }) => {
    const { run } = sicily();
    expect(run("GEOSEARCH", "Sicily", "FROMMEMBER", "Rome", "BYRADIUS", "x", "km")).toEqual(
      r.err(ERR.GEO_MEMBER_NOT_FOUND),
    );
    expect(run("GEOSEARCH", "Sicily", "BYRADIUS", "x", "km", "FROMMEMBER", "Rome")).toEqual(
      r.err(ERR.GEO_NEED_NUMERIC_RADIUS),
    );
  });

  test("an expired key is gone", ({ expect }) => {
    const { run, clock } = sicily();
    run("PEXPIRE", "Sicily", "10");
    clock.advance(10);
    expect(run("GEOSEARCH", "Sicily", "FROMLONLAT", "15", "37", "BYRADIUS", "200", "km")).toEqual(
      r.arr(),
    );
  });

  test.for([
    [
      ["GEOSEARCH", "Sicily", "FROMLONLAT", "1", "1", "BYRADIUS", "-1", "km"],
      ERR.GEO_RADIUS_NEGATIVE,
    ],
    [
      ["GEOSEARCH", "Sicily", "FROMLONLAT", "1", "1", "BYRADIUS", "1", "yd"],
      ERR.GEO_UNSUPPORTED_UNIT,
    ],
    [
      ["GEOSEARCH", "Sicily", "FROMLONLAT", "1", "1", "BYBOX", "x", "1", "km"],
      ERR.GEO_NEED_NUMERIC_WIDTH,
    ],
    [
      ["GEOSEARCH", "Sicily", "FROMLONLAT", "1", "1", "BYBOX", "1", "x", "km"],
      ERR.GEO_NEED_NUMERIC_HEIGHT,
    ],
    [
      ["GEOSEARCH", "Sicily", "FROMLONLAT", "1", "1", "BYBOX", "-1", "1", "km"],
      ERR.GEO_BOX_NEGATIVE,
    ],
    [
      ["GEOSEARCH", "Sicily", "FROMLONLAT", "1", "1", "BYRADIUS", "1", "km", "COUNT", "0"],
      ERR.GEO_COUNT_NOT_POSITIVE,
    ],
    [
      ["GEOSEARCH", "Sicily", "FROMLONLAT", "1", "1", "BYRADIUS", "1", "km", "COUNT", "x"],
      ERR.NOT_INTEGER,
    ],
    [
      ["GEOSEARCH", "Sicily", "FROMLONLAT", "1", "1", "BYRADIUS", "1", "km", "ANY"],
      ERR.GEO_ANY_WITHOUT_COUNT,
    ],
    [
      ["GEOSEARCH", "Sicily", "FROMLONLAT", "1", "1", "BYRADIUS", "1", "km", "STORE", "x"],
      ERR.SYNTAX,
    ],
    [
      ["GEOSEARCH", "Sicily", "FROMLONLAT", "1", "1", "BYRADIUS", "1", "km", "STOREDIST"],
      ERR.SYNTAX,
    ],
    [
      [
        "GEOSEARCH",
        "Sicily",
        "FROMLONLAT",
        "1",
        "1",
        "FROMMEMBER",
        "Palermo",
        "BYRADIUS",
        "1",
        "km",
      ],
      ERR.SYNTAX,
    ],
    [
      [
        "GEOSEARCH",
        "Sicily",
        "FROMLONLAT",
        "1",
        "1",
        "BYRADIUS",
        "1",
        "km",
        "BYBOX",
        "1",
        "1",
        "km",
      ],
      ERR.SYNTAX,
    ],
    [["GEOSEARCH", "Sicily", "FROMLONLAT", "1", "1", "BYRADIUS", "1"], ERR.SYNTAX],
    [
      ["GEOSEARCH", "Sicily", "FROMLONLAT", "200", "1", "BYRADIUS", "1", "km"],
      ERR.INVALID_LONGITUDE_LATITUDE("200.000000", "1.000000"),
    ],
    [["GEOSEARCH", "Sicily", "FROMLONLAT", "x", "1", "BYRADIUS", "1", "km"], ERR.NOT_FLOAT],
    [
      ["GeoSearch", "Sicily", "BYBOX", "1", "1", "km", "WITHCOORD"],
      ERR.GEO_FROM_REQUIRED("GeoSearch"),
    ],
    [
      ["GEOSEARCH", "nokey", "FROMLONLAT", "1", "1", "WITHCOORD", "WITHDIST"],
      ERR.GEO_BY_REQUIRED("GEOSEARCH"),
    ],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = sicily();
    expect(run(...argv)).toEqual(r.err(error));
  });
});
