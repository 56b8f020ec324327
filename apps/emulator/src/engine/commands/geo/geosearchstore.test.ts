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

describe("GEOSEARCHSTORE", () => {
  test("stores the members with their geohash, replacing any value and TTL", ({ expect }) => {
    const { run, clock } = sicily();
    run("SET", "dest", "x", "PX", "100");
    expect(
      run("GEOSEARCHSTORE", "dest", "Sicily", "FROMLONLAT", "15", "37", "BYRADIUS", "200", "km"),
    ).toEqual(r.int(3));
    clock.advance(100);
    expect(run("GEOPOS", "dest", "Palermo")).toEqual(
      r.arr(r.bulks("13.36138933897018433", "38.11555639549629859")),
    );
    expect(run("OBJECT", "ENCODING", "dest")).toEqual(r.bulk("listpack"));
  });

  test("STOREDIST stores distances in the query's unit; COUNT limits", ({ expect }) => {
    const { run, engine } = sicily();
    expect(
      run(
        "GEOSEARCHSTORE",
        "d",
        "Sicily",
        "FROMLONLAT",
        "15",
        "37",
        "BYRADIUS",
        "200",
        "km",
        "STOREDIST",
        "COUNT",
        "2",
      ),
    ).toEqual(r.int(2));
    // ZSCORE belongs to another group; read the stored set directly.
    const set = engine.databases[0]?.getContainer("d", "zset");
    const scores = [set?.score("Catania"), set?.score("Agrigento"), set?.score("Palermo")];
    expect(scores).toEqual([56.441257870158204, 130.42348706714702, undefined]);
  });

  test("no match, or no source, deletes the destination and answers 0", ({ expect }) => {
    const { run } = sicily();
    run("SET", "dest", "x");
    expect(
      run("GEOSEARCHSTORE", "dest", "Sicily", "FROMLONLAT", "0", "0", "BYRADIUS", "1", "m"),
    ).toEqual(r.int(0));
    expect(run("EXISTS", "dest")).toEqual(r.int(0));
    run("SET", "dest", "x");
    expect(
      run("GEOSEARCHSTORE", "dest", "nokey", "FROMLONLAT", "0", "0", "BYRADIUS", "1", "m"),
    ).toEqual(r.int(0));
    expect(run("EXISTS", "dest")).toEqual(r.int(0));
  });

  test("WRONGTYPE on the source", ({ expect }) => {
    const { run } = sicily();
    run("SET", "s", "v");
    expect(run("GEOSEARCHSTORE", "d", "s", "FROMLONLAT", "0", "0", "BYRADIUS", "1", "m")).toEqual(
      r.err(ERR.WRONGTYPE),
    );
  });

  test("an expired source is gone", ({ expect }) => {
    const { run, clock } = sicily();
    run("PEXPIRE", "Sicily", "10");
    clock.advance(10);
    expect(
      run("GEOSEARCHSTORE", "d", "Sicily", "FROMLONLAT", "15", "37", "BYRADIUS", "200", "km"),
    ).toEqual(r.int(0));
  });

  test.for([
    [
      ["GEOSEARCHSTORE", "d", "Sicily", "FROMLONLAT", "1", "1", "BYRADIUS", "1", "km", "WITHDIST"],
      ERR.GEO_STORE_WITH_OPTIONS("GEOSEARCHSTORE"),
    ],
    [
      [
        "GEOSEARCHSTORE",
        "d",
        "Sicily",
        "FROMLONLAT",
        "1",
        "1",
        "BYRADIUS",
        "1",
        "km",
        "STORE",
        "x",
      ],
      ERR.SYNTAX,
    ],
    [
      ["GEOSEARCHSTORE", "d", "Sicily", "BYRADIUS", "1", "km", "STOREDIST", "ASC"],
      ERR.GEO_FROM_REQUIRED("GEOSEARCHSTORE"),
    ],
    [
      ["GEOSEARCHSTORE", "d", "Sicily", "FROMLONLAT", "1", "1", "STOREDIST", "ASC"],
      ERR.GEO_BY_REQUIRED("GEOSEARCHSTORE"),
    ],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = sicily();
    expect(run(...argv)).toEqual(r.err(error));
  });
});
