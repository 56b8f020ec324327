import { fc, test as fcTest } from "@fast-check/vitest";
import { describe, test } from "vitest";
import { compileFilter } from "../vector/filter/index.ts";
import { markMetadataPaths, translateSearchFilter } from "./filter.ts";

/** The search filter as the vector index evaluates it, on one stored document. */
const compileSearchFilter = (text: string) => {
  const translated = translateSearchFilter(text);
  return translated === "" ? () => true : compileFilter(translated);
};

const stored = {
  content: { title: "Star Wars", year: 1977, tags: ["space", "opera"], cast: { lead: "Luke" } },
  metadata: { director: "George Lucas", year: 2000 },
};

describe("compileSearchFilter", () => {
  test.for([
    ["title = 'Star Wars'", true],
    ["year = 1977", true],
    ["@metadata.year = 2000", true],
    ["@metadata.year = 1977", false],
    ["director = 'George Lucas'", false],
    ["@metadata.director GLOB 'George*' AND cast.lead = 'Luke'", true],
    ["tags CONTAINS 'opera' OR @metadata.missing = 1", true],
    ["HAS FIELD @metadata.director", true],
    ["HAS NOT FIELD @metadata.title", true],
    ["title = '@metadata.year'", false],
    ["tags[#-1] = 'opera'", true],
    ["", true],
  ] as const)("%s → %s", ([filter, expected], { expect }) => {
    expect(compileSearchFilter(filter)(stored)).toBe(expected);
  });

  test("syntax errors are 422s that name @metadata, at the column written", ({ expect }) => {
    expect(() => compileSearchFilter("@metadata.year >")).toThrow(
      expect.objectContaining({ status: 422, message: expect.stringMatching(/^Invalid filter\./) }),
    );
    try {
      compileSearchFilter("@metadata.a = 1 AND AND");
    } catch (error: unknown) {
      expect((error as Error).message).not.toContain("_x40meta_");
      expect((error as Error).message).toContain("1:20");
    }
  });
});

describe("translateSearchFilter", () => {
  test("re-roots paths and prints text the vector parser reads back", ({ expect }) => {
    expect(
      translateSearchFilter(
        "(a = 'it\\'s' OR @metadata.b[#-1] IN (1, -2.5, true)) AND HAS NOT FIELD c.d[0]",
      ),
    ).toBe(
      "(content.a = 'it\\'s' OR metadata.b[#-1] IN (1, -2.5, true)) AND HAS NOT FIELD content.c.d[0]",
    );
    // A GLOB escape (`\*`) is kept: the backslash is printed escaped and reads back as itself.
    expect(translateSearchFilter("x GLOB 'a\\*b'")).toBe("content.x GLOB 'a\\\\*b'");
    expect(compileSearchFilter("x GLOB 'a\\*b'")({ content: { x: "a*b" } })).toBe(true);
    expect(compileSearchFilter("x GLOB 'a\\*b'")({ content: { x: "axb" } })).toBe(false);
    expect(translateSearchFilter("n > 0.0000001 OR n < 1000000000000000000000")).toBe(
      "content.n > 0.0000001 OR content.n < 1000000000000000000000",
    );
  });
});

describe("markMetadataPaths", () => {
  test("leaves quoted text alone, escapes included", ({ expect }) => {
    expect(markMetadataPaths(`a = '@metadata.x' AND "\\"@metadata.y" = b`)).toBe(
      `a = '@metadata.x' AND "\\"@metadata.y" = b`,
    );
    expect(markMetadataPaths("@metadata.a = 1 OR @metadata.b = 2")).toBe(
      "_x40meta_.a = 1 OR _x40meta_.b = 2",
    );
  });

  fcTest.prop([fc.string()])("keeps the length, so error columns stay right", (text) => {
    return markMetadataPaths(text).length === text.length;
  });
});

describe("$fuzzy", () => {
  test("is refused with a message naming the search filter operators", ({ expect }) => {
    expect(() => translateSearchFilter("title $fuzzy 'strar wars'")).toThrow(
      "Invalid filter: $fuzzy is not an operator of search filters",
    );
    // Inside a string it is text like any other.
    expect(translateSearchFilter("title = '$fuzzy'")).toBe("content.title = '$fuzzy'");
  });
});
