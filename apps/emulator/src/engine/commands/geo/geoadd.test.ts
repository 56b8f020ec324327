import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("GEOADD", () => {
  test("adds members with their geohash as score; existing ones are updated, not counted", ({
    expect,
  }) => {
    const { run } = createTestEngine();
    expect(
      run("GEOADD", "g", "13.361389", "38.115556", "Palermo", "15.087269", "37.502669", "Catania"),
    ).toEqual(r.int(2));
    expect(run("TYPE", "g")).toEqual(r.simple("zset"));
    expect(run("GEOADD", "g", "13.583333", "37.316667", "Palermo")).toEqual(r.int(0));
    expect(run("GEOHASH", "g", "Palermo")).toEqual(r.bulks("sq9sm1716e0"));
  });

  test("NX, XX and CH", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("GEOADD", "g", "NX", "1", "2", "a")).toEqual(r.int(1));
    expect(run("GEOADD", "g", "NX", "CH", "3", "4", "a", "5", "6", "b")).toEqual(r.int(1));
    expect(run("GEOADD", "g", "XX", "CH", "3", "4", "a", "7", "8", "c")).toEqual(r.int(1));
    expect(run("GEOADD", "g", "CH", "3", "4", "a", "9", "9", "b")).toEqual(r.int(1));
    expect(run("GEOPOS", "g", "c")).toEqual(r.arr(r.nilArray));
    expect(run("GEOADD", "missing", "XX", "1", "1", "x")).toEqual(r.int(0));
    expect(run("EXISTS", "missing")).toEqual(r.int(0));
  });

  test("accepts the edges of the coordinate range", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("GEOADD", "g", "180", "85.05112878", "a", "-180", "-85.05112878", "b")).toEqual(
      r.int(2),
    );
    expect(run("GEOPOS", "g", "a")).toEqual(r.arr(r.bulks("180", "85.0511287799999991")));
  });

  test("a bad pair changes nothing, even after good ones", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("GEOADD", "g", "1", "1", "a", "200", "1", "b")).toEqual(
      r.err(ERR.INVALID_LONGITUDE_LATITUDE("200.000000", "1.000000")),
    );
    expect(run("EXISTS", "g")).toEqual(r.int(0));
  });

  test("WRONGTYPE on a string; coordinates are checked first", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run("GEOADD", "s", "1", "1", "a")).toEqual(r.err(ERR.WRONGTYPE));
    expect(run("GEOADD", "s", "1", "100", "a")).toEqual(
      r.err(ERR.INVALID_LONGITUDE_LATITUDE("1.000000", "100.000000")),
    );
  });

  test("a key that expired is recreated", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("GEOADD", "g", "1", "1", "a");
    run("PEXPIRE", "g", "100");
    clock.advance(100);
    expect(run("GEOADD", "g", "2", "2", "b")).toEqual(r.int(1));
    expect(run("GEOPOS", "g", "a")).toEqual(r.arr(r.nilArray));
  });

  test.for([
    [["GEOADD", "g", "1", "1", "a", "2"], ERR.SYNTAX],
    [["GEOADD", "g", "NX", "XX", "1", "1", "a"], ERR.SYNTAX],
    [["GEOADD", "g", "GT", "1", "1", "a"], ERR.SYNTAX],
    [["GEOADD", "g", "CH", "CH", "CH"], ERR.SYNTAX],
    [["GEOADD", "g", "x", "1", "a"], ERR.NOT_FLOAT],
    [["GEOADD", "g", "1", "nan", "a"], ERR.NOT_FLOAT],
    [["GEOADD", "g", "1", "90", "a"], ERR.INVALID_LONGITUDE_LATITUDE("1.000000", "90.000000")],
    [["GEOADD", "g", "inf", "1", "a"], ERR.INVALID_LONGITUDE_LATITUDE("inf", "1.000000")],
    [
      ["GEOADD", "g", "1", "85.05112879", "a"],
      ERR.INVALID_LONGITUDE_LATITUDE("1.000000", "85.051129"),
    ],
  ] as const)("%j → %s", ([argv, error], { expect }) => {
    const { run } = createTestEngine();
    expect(run(...argv)).toEqual(r.err(error));
  });
});
