import { describe, test } from "vitest";
import { splitInlineArgs } from "./inline.ts";

const raw = (text: string): Uint8Array => Uint8Array.from(text, (c) => c.charCodeAt(0));
const wire = (bytes: Uint8Array): string => String.fromCharCode(...bytes);

/** Splits Latin-1 text and returns the arguments as Latin-1 text, or `undefined`. */
function split(line: string): string[] | undefined {
  return splitInlineArgs(raw(line))?.map(wire);
}

// Cases follow sdssplitargs in redis/src/sds.c.
describe("splitInlineArgs", () => {
  test.for<[string, string[]]>([
    ["set key value", ["set", "key", "value"]],
    ["  leading and   inner  spaces  ", ["leading", "and", "inner", "spaces"]],
    ["tab\tseparated\targs", ["tab", "separated", "args"]],
    ["", []],
    ["   ", []],
    ["\t\v\f ", []],
    ['"hello world"', ["hello world"]],
    ['""', [""]],
    ["''", [""]],
    ['"\\n\\r\\t\\b\\a"', ["\n\r\t\b\x07"]],
    ['"\\"quoted\\""', ['"quoted"']],
    ['"back\\\\slash"', ["back\\slash"]],
    ['"\\x41\\x6a\\xFF"', ["Aj\xff"]],
    ['"\\x4"', ["x4"]],
    ['"\\xZZ"', ["xZZ"]],
    ['"\\q"', ["q"]],
    ["'it\\'s'", ["it's"]],
    ["'no \\n escapes \\x41'", ["no \\n escapes \\x41"]],
    ["'say \"hi\"'", ['say "hi"']],
    ['a"b c"', ["ab c"]],
    ["a'b c'", ["ab c"]],
    ['"a" "b"', ["a", "b"]],
    ['"a"\t"b"', ["a", "b"]],
    ["a\vb", ["a\vb"]],
    ["a\fb c", ["a\fb", "c"]],
    ["x\ry", ["x", "y"]],
    ["caf\xc3\xa9", ["caf\xc3\xa9"]],
    ["before\x00after", ["before"]],
  ])("%j", ([line, expected], { expect }) => {
    expect(split(line)).toEqual(expected);
  });

  test.for([
    '"unterminated',
    "'unterminated",
    '"ab"c',
    "'ab'c",
    '"trailing backslash\\',
    '""x',
    '"a\x00"',
    'foo "bar',
  ])("%j has unbalanced quotes", (line, { expect }) => {
    expect(split(line)).toBeUndefined();
  });

  test("a closing quote may be followed by \\v or \\f (isspace), but they join unquoted args", ({
    expect,
  }) => {
    expect(split('"a"\vb')).toEqual(["a", "b"]);
    expect(split("a\vb")).toEqual(["a\vb"]);
  });
});
