import { test } from "vitest";
import { splitCommandLine } from "./command-line.ts";

test.for([
  ["SET k v", ["SET", "k", "v"]],
  ['SET k "a b"', ["SET", "k", "a b"]],
  ["SET k 'a \"b'", ["SET", "k", 'a "b']],
  ['SET k "line\\nnext\\x41"', ["SET", "k", "line\nnextA"]],
  ['SET k ""', ["SET", "k", ""]],
  ["  PING   ", ["PING"]],
] as const)("%s", ([line, words], { expect }) => {
  expect(splitCommandLine(line)).toEqual({ ok: true, words });
});

test("an unbalanced quote is an error", ({ expect }) => {
  expect(splitCommandLine('SET k "open')).toEqual({
    ok: false,
    error: "Invalid argument(s): unbalanced quotes",
  });
});
