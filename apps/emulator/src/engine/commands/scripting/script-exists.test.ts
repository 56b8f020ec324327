import { describe, test } from "vitest";
import { sha1hex } from "../../scripting/scripts.ts";
import { createTestEngine, r } from "../../test-support.ts";

describe("SCRIPT EXISTS", () => {
  test("1 or 0 per SHA-1, ignoring case", ({ expect }) => {
    const { run } = createTestEngine();
    const sha = sha1hex("return 1");
    run("SCRIPT", "LOAD", "return 1");
    expect(run("SCRIPT", "EXISTS", sha, sha.toUpperCase(), "x", "f".repeat(40))).toEqual(
      r.arr(r.int(1), r.int(1), r.int(0), r.int(0)),
    );
  });
});
