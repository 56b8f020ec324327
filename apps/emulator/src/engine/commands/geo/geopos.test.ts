import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("GEOPOS", () => {
  test("the centre of each member's cell, a null array for missing ones", ({ expect }) => {
    const { run } = createTestEngine();
    run("GEOADD", "g", "13.361389", "38.115556", "Palermo", "180", "0", "east");
    expect(run("GEOPOS", "g", "Palermo", "east", "Rome")).toEqual(
      r.arr(
        r.bulks("13.36138933897018433", "38.11555639549629859"),
        r.bulks("180", "0.00000126736058093"),
        r.nilArray,
      ),
    );
    expect(run("GEOPOS", "g")).toEqual(r.arr());
    expect(run("GEOPOS", "nokey", "a", "b")).toEqual(r.arr(r.nilArray, r.nilArray));
  });

  test("WRONGTYPE on a string", ({ expect }) => {
    const { run } = createTestEngine();
    run("SET", "s", "v");
    expect(run("GEOPOS", "s", "a")).toEqual(r.err(ERR.WRONGTYPE));
  });

  test("an expired key is gone", ({ expect }) => {
    const { run, clock } = createTestEngine();
    run("GEOADD", "g", "1", "1", "a");
    run("PEXPIRE", "g", "10");
    clock.advance(10);
    expect(run("GEOPOS", "g", "a")).toEqual(r.arr(r.nilArray));
  });
});
