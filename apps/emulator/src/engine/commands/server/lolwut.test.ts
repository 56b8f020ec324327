import { describe, test } from "vitest";
import { ERR } from "../../errors.ts";
import { REDIS_VERSION } from "../../info.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("LOLWUT", () => {
  test("ends with the version line", ({ expect }) => {
    const { run } = createTestEngine();
    expect(run("LOLWUT")).toEqual(r.bulk(`Redis ver. ${REDIS_VERSION}\n`));
    expect(run("LOLWUT", "VERSION", "5", "1", "2")).toEqual(
      r.bulk(`Redis ver. ${REDIS_VERSION}\n`),
    );
    expect(run("LOLWUT", "VERSION", "x")).toEqual(r.err(ERR.NOT_INTEGER));
  });
});
