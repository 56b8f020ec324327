import { test } from "vitest";
import { globToRegExp } from "./glob.ts";

test.for([
  ["user:*", "user:1", true],
  ["user:*", "order:1", false],
  ["h?llo", "hello", true],
  ["h?llo", "heello", false],
  ["h[ae]llo", "hallo", true],
  ["h[^e]llo", "hello", false],
  ["h[a-c]llo", "hbllo", true],
  ["a.b", "axb", false],
  ["a\\*b", "a*b", true],
  ["*", "", true],
] as const)("%s matches %s: %s", ([pattern, key, expected], { expect }) => {
  expect(globToRegExp(pattern).test(key)).toBe(expected);
});
