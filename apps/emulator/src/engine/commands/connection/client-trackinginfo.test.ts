import { describe, test } from "vitest";
import { createTestEngine, r } from "../../test-support.ts";

describe("CLIENT TRACKINGINFO", () => {
  test("tracking is off", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("CLIENT", "TRACKINGINFO")).toEqual(
      r.arr(
        r.bulk("flags"),
        r.bulks("off"),
        r.bulk("redirect"),
        r.int(-1),
        r.bulk("prefixes"),
        r.arr(),
      ),
    );
  });
});
