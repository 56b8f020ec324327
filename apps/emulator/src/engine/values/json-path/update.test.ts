import { describe, test } from "vitest";
import { ERR, ReplyError } from "../../errors.ts";
import { stringifyJson } from "../json/format.ts";
import type { PathStep } from "../json/locations.ts";
import { parseJson } from "../json/parse.ts";
import { JsonDocument } from "../json/value.ts";
import { applyUpdates, deleteMatches, orderForDeletion, planUpdates } from "./update.ts";

describe("planUpdates", () => {
  const document = parseJson('{"a":{"b":1},"c":[1,2],"d":{"e":{}}}');

  test("existing matches are replaced", ({ expect }) => {
    expect(planUpdates(document, "$..b", "none")).toEqual([{ kind: "replace", path: ["a", "b"] }]);
    expect(planUpdates(document, "$.c[*]", "xx")).toEqual([
      { kind: "replace", path: ["c", 0] },
      { kind: "replace", path: ["c", 1] },
    ]);
  });

  test("a missing last name of a static path is added to each parent", ({ expect }) => {
    expect(planUpdates(document, "$.x", "none")).toEqual([{ kind: "add", path: [], key: "x" }]);
    expect(planUpdates(document, "$.d.e['f']", "nx")).toEqual([
      { kind: "add", path: ["d", "e"], key: "f" },
    ]);
    expect(planUpdates(document, "$.nope.x", "none")).toEqual([]);
    // NX plans an add even where the member exists; adding then does nothing.
    expect(planUpdates(document, "$.a.b", "nx")).toEqual([{ kind: "add", path: ["a"], key: "b" }]);
    expect(planUpdates(document, "$.x", "xx")).toEqual([]);
  });

  test("indexes never create elements", ({ expect }) => {
    expect(planUpdates(document, "$.c[0]", "nx")).toEqual([]);
    expect(() => planUpdates(document, "$.c[5]", "none")).toThrow(
      new ReplyError(ERR.JSON_ARRAY_INDEX_OUT_OF_RANGE),
    );
  });

  test("non-static paths cannot create", ({ expect }) => {
    expect(() => planUpdates(document, "$..x", "none")).toThrow(
      new ReplyError(ERR.JSON_WRONG_STATIC_PATH),
    );
    expect(() => planUpdates(document, "$.a['x','y']", "none")).toThrow(
      new ReplyError(ERR.JSON_WRONG_STATIC_PATH),
    );
  });

  test("applyUpdates gives every match its own copy", ({ expect }) => {
    const target = new JsonDocument(parseJson('{"a":1,"b":1}'));
    const value = parseJson("[1]");
    const plans = planUpdates(target.root, "$.*", "none");
    expect(applyUpdates(target, plans, value)).toBe(true);
    expect(stringifyJson(target.root)).toBe('{"a":[1],"b":[1]}');
    expect(target.root).not.toBe(value);
  });
});

describe("orderForDeletion", () => {
  test("deeper first, higher indexes first, names before indexes, nested dropped", ({ expect }) => {
    const paths: PathStep[][] = [["a"], ["a", "b"], ["c", 0], ["c", 2], ["c", 1, "x"], ["c", "k"]];
    expect(orderForDeletion(paths)).toEqual([["a"], ["c", "k"], ["c", 2], ["c", 1, "x"], ["c", 0]]);
  });

  test("deleting matches keeps array positions right", ({ expect }) => {
    const document = new JsonDocument(parseJson('{"v":[0,1,2,3,4],"w":{"v":[0]}}'));
    expect(deleteMatches(document, "$.v[0,2,4]")).toBe(3);
    expect(stringifyJson(document.root)).toBe('{"v":[1,3],"w":{"v":[0]}}');
    expect(deleteMatches(document, "$..v")).toBe(2);
    expect(stringifyJson(document.root)).toBe('{"w":{}}');
  });
});
