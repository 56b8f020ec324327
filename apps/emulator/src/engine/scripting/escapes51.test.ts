import { describe, test } from "vitest";
import { withEscapesOf51 } from "./escapes51.ts";

describe("withEscapesOf51", () => {
  test.for([
    // Escapes 5.1 does not know lose their backslash.
    [String.raw`return '\.', "\d\x41\z\u{41}"`, `return '.', "dx41zu{41}"`],
    // Known ones, decimal escapes and line continuations stay.
    [String.raw`return '\n\t\\\'\"\065'`, String.raw`return '\n\t\\\'\"\065'`],
    ["return 'a\\\r\nb\\q'", "return 'a\\\r\nb\\q'".replace("\\q", "q")],
    ["return 'a\\\n\rb\\q'", "return 'a\\\n\rb\\q'".replace("\\q", "q")],
    // Comments and long strings are left alone.
    ["-- it's '\\.'\nreturn '\\.'", "-- it's '\\.'\nreturn '.'"],
    [
      String.raw`--[==[ '\.' ]==] return [[\.]], '\.'`,
      String.raw`--[==[ '\.' ]==] return [[\.]], '.'`,
    ],
    [String.raw`return t[ [=[\q]=] ], "\q"`, String.raw`return t[ [=[\q]=] ], "q"`],
    // Quotes of the other kind inside a string do not end it.
    [String.raw`return "it's \.", 'say "\."'`, `return "it's .", 'say "."'`],
    // An unfinished string stops at its line; the compiler reports it.
    ["return '\\.\nreturn '\\.'", "return '.\nreturn '.'"],
    ["return 1", "return 1"],
  ])("%j → %j", ([source, expected], { expect }) => {
    expect(withEscapesOf51(source as string)).toBe(expected);
  });
});
