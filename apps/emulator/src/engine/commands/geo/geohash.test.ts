import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("GEOHASH", () => {
  test("standard geohashes, nil for missing members or keys", ({ expect }) => {
    const { run } = createTestEngine();
    run("GEOADD", "g", "13.361389", "38.115556", "Palermo", "15.087269", "37.502669", "Catania");
    expect(run("GEOHASH", "g", "Palermo", "Catania", "Rome")).toEqual(
      r.arr(r.bulk("sqc8b49rny0"), r.bulk("sqdtr74hyu0"), r.nil),
    );
    expect(run("GEOHASH", "g")).toEqual(r.arr());
    expect(run("GEOHASH", "nokey", "a")).toEqual(r.arr(r.nil));
  });

  test("the date line and the poles of the Mercator range", ({ expect }) => {
    const { run } = createTestEngine();
    run("GEOADD", "g", "-180", "-85.05112878", "sw", "180", "0", "east");
    expect(run("GEOHASH", "g", "sw")).toEqual(r.bulks("00bh0hbj200"));
  });

  test("WRONGTYPE on a string", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run("GEOHASH", "s", "a")).toEqual(r.err(ERR.WRONGTYPE));
  });

  test("an expired key is gone", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("GEOADD", "g", "1", "1", "a");
    run("PEXPIRE", "g", "10");
    clock.advance(10);
    expect(run("GEOHASH", "g", "a")).toEqual(r.arr(r.nil));
  });
});
