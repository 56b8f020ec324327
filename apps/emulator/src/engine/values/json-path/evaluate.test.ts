import { describe, test } from "vitest";
import { stringifyJson } from "../json/format.ts";
import { parseJson } from "../json/parse.ts";
import { selectMatches, selectValues } from "./evaluate.ts";
import { compilePath } from "./parser.ts";

/** Text as the UTF-8 bytes commands receive. */
const utf8 = (text: string): string => Buffer.from(text, "utf8").toString("latin1");

/** The JSON text of what `path` selects in `document`, as JSON.GET prints a JSONPath reply. */
function select(document: string, path: string): string {
  return stringifyJson(selectValues(compilePath(utf8(path)), parseJson(utf8(document))));
}

const STORE = `{"store":{"book":[
  {"category":"reference","author":"Nigel Rees","title":"Sayings of the Century","price":8.95},
  {"category":"fiction","author":"Evelyn Waugh","title":"Sword of Honour","price":12.99},
  {"category":"fiction","author":"Herman Melville","title":"Moby Dick","isbn":"0-553-21311-3","price":8.99},
  {"category":"fiction","author":"J. R. R. Tolkien","title":"The Lord of the Rings","isbn":"0-395-19395-8","price":22.99}],
  "bicycle":{"color":"red","price":19.95}}}`;

describe("selectValues", () => {
  test("names select object members only", ({ expect }) => {
    expect(select('{"a":{"b":1}}', "$.a.b")).toBe("[1]");
    expect(select('{"a":{"b":1}}', "$['a']['b']")).toBe("[1]");
    expect(select('{"a":[1]}', "$.a.b")).toBe("[]");
    expect(select('{"a":1,"b":2,"c":3}', "$['c','a','x','a']")).toBe("[3,1,1]");
    expect(select("[1,2]", "$.0")).toBe("[]");
  });

  test("indexes: negative from the end, far negative clamps to the first", ({ expect }) => {
    const array = "[10,20,30]";
    expect(select(array, "$[0]")).toBe("[10]");
    expect(select(array, "$[-1]")).toBe("[30]");
    expect(select(array, "$[3]")).toBe("[]");
    expect(select(array, "$[-10]")).toBe("[10]");
    expect(select(array, "$[2,0,2]")).toBe("[30,10,30]");
    expect(select('{"0":1}', "$[0]")).toBe("[]");
  });

  test("slices [start:end:step]", ({ expect }) => {
    const array = "[0,1,2,3,4,5]";
    expect(select(array, "$[1:4]")).toBe("[1,2,3]");
    expect(select(array, "$[:2]")).toBe("[0,1]");
    expect(select(array, "$[4:]")).toBe("[4,5]");
    expect(select(array, "$[::2]")).toBe("[0,2,4]");
    expect(select(array, "$[-3:]")).toBe("[3,4,5]");
    expect(select(array, "$[1:-1:3]")).toBe("[1,4]");
    expect(select(array, "$[4:2]")).toBe("[]");
    expect(select(array, "$[0:100]")).toBe("[0,1,2,3,4,5]");
    expect(select('{"a":1}', "$[0:1]")).toBe("[]");
  });

  test("wildcards select members and elements", ({ expect }) => {
    expect(select('{"a":1,"b":[2]}', "$.*")).toBe("[1,[2]]");
    expect(select('{"a":1,"b":[2]}', "$[*]")).toBe("[1,[2]]");
    expect(select("[[1],[2,3]]", "$[*][*]")).toBe("[1,2,3]");
    expect(select("1", "$.*")).toBe("[]");
  });

  describe("recursive descent lists nested matches first (kv-rest-wire.md §13.2)", () => {
    test.for([
      ['{"a":2,"b":3,"nested":{"a":4,"b":null}}', "$..b", "[null,3]"],
      ['{"a":2,"b":3,"nested":{"a":4,"b":null}}', "$..a", "[4,2]"],
      ['{"a":[3],"nested":{"a":{"b":2,"c":1}}}', "$..a", '[{"b":2,"c":1},[3]]'],
      ['{"a":1,"b":2,"nested":{"a":3},"c":null}', "$..a", "[3,1]"],
      ['{"a":4,"b":5,"nested":{"a":6},"c":null}', "$..a", "[6,4]"],
    ] as const)("%s %s → %s", ([document, path, result], { expect }) => {
      expect(select(document, path)).toBe(result);
    });

    test("every level, deepest first, the node itself last", ({ expect }) => {
      expect(select('{"a":{"a":{"a":1}}}', "$..a")).toBe('[1,{"a":1},{"a":{"a":1}}]');
      expect(select("[[1,[2]],3]", "$..[0]")).toBe("[2,1,[1,[2]]]");
      expect(select('{"x":[{"y":1},{"y":2}]}', "$..y")).toBe("[1,2]");
      expect(select('{"a":1,"b":{"c":2}}', "$..*")).toBe('[2,1,{"c":2}]');
    });
  });

  describe("filters", () => {
    test("comparisons on members of the tested node", ({ expect }) => {
      expect(select(STORE, "$..book[?(@.price < 10)].title")).toBe(
        '["Sayings of the Century","Moby Dick"]',
      );
      expect(select(STORE, '$..book[?(@.price < 10 && @.category == "fiction")].title')).toBe(
        '["Moby Dick"]',
      );
      expect(select(STORE, '$..book[?(@.price > 20 || @.author == "Nigel Rees")].price')).toBe(
        "[8.95,22.99]",
      );
      expect(select(STORE, "$..book[?(@.isbn)].title")).toBe(
        '["Moby Dick","The Lord of the Rings"]',
      );
      expect(select(STORE, "$..book[?(!@.isbn)].price")).toBe("[8.95,12.99]");
      expect(select(STORE, "$..book[?(@.price >= 12.99 && !(@.price > 20))].price")).toBe(
        "[12.99]",
      );
    });

    test("&& binds tighter than ||; parentheses group", ({ expect }) => {
      const items = '[{"a":1,"b":1,"c":0},{"a":0,"b":0,"c":1},{"a":1,"b":0,"c":0}]';
      expect(select(items, "$[?(@.a==1 && @.b==1 || @.c==1)].c")).toBe("[0,1]");
      expect(select(items, "$[?(@.a==1 && (@.b==1 || @.c==1))].c")).toBe("[0]");
      expect(select(items, "$[?(@.c==1 || @.a==1 && @.b==0)].c")).toBe("[1,0]");
    });

    test("every operator, across number types", ({ expect }) => {
      const numbers = "[1,1.0,2,2.5,3]";
      expect(select(numbers, "$[?(@ == 1)]")).toBe("[1,1.0]");
      expect(select(numbers, "$[?(@ != 1)]")).toBe("[2,2.5,3]");
      expect(select(numbers, "$[?(@ < 2.5)]")).toBe("[1,1.0,2]");
      expect(select(numbers, "$[?(@ <= 2.5)]")).toBe("[1,1.0,2,2.5]");
      expect(select(numbers, "$[?(@ > 2)]")).toBe("[2.5,3]");
      expect(select(numbers, "$[?(@ >= 2)]")).toBe("[2,2.5,3]");
      expect(select(numbers, "$[?(2 < @)]")).toBe("[2.5,3]");
    });

    test("strings, booleans and null compare within their type only", ({ expect }) => {
      const mixed = '["a","b",true,false,null,1,"1",[1],{"a":1}]';
      expect(select(mixed, '$[?(@ > "a")]')).toBe('["b"]');
      expect(select(mixed, "$[?(@ == true)]")).toBe("[true]");
      expect(select(mixed, "$[?(@ < true)]")).toBe("[false]");
      expect(select(mixed, "$[?(@ == null)]")).toBe("[null]");
      expect(select(mixed, '$[?(@ == "1")]')).toBe('["1"]');
      // Containers compare to nothing but equal containers.
      expect(select(mixed, "$[?(@ > 0)]")).toBe("[1]");
      expect(select('{"x":[1],"y":[1],"z":[2]}', "$[?(@ == $.x)]")).toBe("[[1],[1]]");
    });

    test("strings compare by code point, as Rust does", ({ expect }) => {
      expect(select('["\uffff","\ud83d\ude00"]', '$[?(@ > "\uffff")]')).toBe('["\ud83d\ude00"]');
    });

    test("a path that does not select exactly one value is not a value", ({ expect }) => {
      const items = '[{"a":1},{"b":1},{"a":[1,2]}]';
      expect(select(items, "$[?(@.a == 1)]")).toBe('[{"a":1}]');
      // `!=` is the negation of `==`, so it holds where @.a is missing…
      expect(select(items, "$[?(@.a != 1)]")).toBe('[{"b":1},{"a":[1,2]}]');
      // …and @.a[*] (two values here, none elsewhere) is never a value.
      expect(select(items, "$[?(@.a[*])]")).toBe("[]");
      expect(select(items, "$[?(@.a[0])]")).toBe('[{"a":[1,2]}]');
    });

    test("regular expressions (=~) search strings, with Rust's leading inline flags", ({
      expect,
    }) => {
      const names = '["apple","Banana","cherry",3]';
      expect(select(names, '$[?(@ =~ "an")]')).toBe('["Banana"]');
      expect(select(names, '$[?(@ =~ "^[ac]")]')).toBe('["apple","cherry"]');
      expect(select(names, '$[?(@ =~ "(?i)^b")]')).toBe('["Banana"]');
      // An invalid pattern matches nothing.
      expect(select(names, '$[?(@ =~ "(")]')).toBe("[]");
      // The pattern may come from the document.
      expect(select('{"p":"^c","v":["cat","dog"]}', "$.v[?(@ =~ $.p)]")).toBe('["cat"]');
    });

    test("$ in a filter is the document root", ({ expect }) => {
      expect(select('{"limit":2,"v":[1,2,3]}', "$.v[?(@ > $.limit)]")).toBe("[3]");
    });

    test("objects are filtered by their members; scalars by themselves", ({ expect }) => {
      expect(select('{"a":{"x":1},"b":{"x":2}}', "$[?(@.x > 1)]")).toBe('[{"x":2}]');
      expect(select('{"a":5}', "$.a[?(@ > 1)]")).toBe("[5]");
      expect(select('{"a":5}', "$.a[?(@ > 9)]")).toBe("[]");
    });
  });
});

describe("selectMatches", () => {
  test("reports where each value is", ({ expect }) => {
    const matches = selectMatches(compilePath("$..x"), parseJson('{"x":1,"a":[{"x":2}]}'));
    expect(matches.map((match) => match.path)).toEqual([["a", 0, "x"], ["x"]]);
    expect(selectMatches(compilePath("$"), parseJson("1"))).toEqual([{ value: 1, path: [] }]);
  });
});
