import { describe, test } from "vitest";
import { ERR, ReplyError } from "../../errors.ts";
import { isRootPath, LEGACY_ROOT, parsePathArg } from "./path-arg.ts";

describe("parsePathArg", () => {
  test.for([
    ["$", "$", false],
    ["$.a", "$.a", false],
    ["$[0]", "$[0]", false],
    ["$..a", "$..a", false],
    // Everything else is a legacy path, rewritten as RedisJSON's Path::new does.
    [".", "$", true],
    [".a.b", "$.a.b", true],
    ["a.b", "$.a.b", true],
    ["[0]", "$.[0]", true],
    ["$a", "$.$a", true],
    ["", "$.", true],
  ] as const)("%j → %j (legacy: %s)", ([original, text, isLegacy], { expect }) => {
    expect(parsePathArg(original)).toEqual({ original, text, isLegacy });
  });

  test("the root, in either syntax", ({ expect }) => {
    expect(isRootPath(parsePathArg("$"))).toBe(true);
    expect(isRootPath(parsePathArg("."))).toBe(true);
    expect(isRootPath(LEGACY_ROOT)).toBe(true);
    expect(isRootPath(parsePathArg("$.a"))).toBe(false);
  });

  test("a path must be UTF-8 text", ({ expect }) => {
    expect(() => parsePathArg("$.\xff")).toThrow(new ReplyError(ERR.JSON_NOT_UTF8));
    expect(parsePathArg("$.\xc3\xa9").text).toBe("$.\xc3\xa9");
  });
});
