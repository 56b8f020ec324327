import { describe, test } from "vitest";
import { compileFilter } from "./compile.ts";

/** The metadata example of the service's filtering docs (vector-rest-wire.md §3). */
const istanbul = {
  city: "Istanbul",
  country: "Turkey",
  is_capital: false,
  population: 15460000,
  geography: { continent: "Asia", coordinates: { latitude: 41.0082, longitude: 28.9784 } },
  economy: { currency: "TRY", major_industries: ["Tourism", "Textiles", "Finance"] },
  lastCensus: null,
  zero: 0,
  temperature: -10,
};

const holds = (filter: string, metadata: unknown = istanbul): boolean =>
  compileFilter(filter)(metadata);

describe("filter semantics", () => {
  test("= and != on strings, numbers and booleans", ({ expect }) => {
    expect(holds("country = 'Turkey' AND population = 15460000 AND is_capital = false")).toBe(true);
    expect(holds("country != 'Germany' AND population != 0 AND is_capital != true")).toBe(true);
    expect(holds("country = 'turkey'")).toBe(false);
    expect(holds("zero = 0 AND temperature = -10")).toBe(true);
    expect(holds("geography.coordinates.latitude = 41.0082")).toBe(true);
    expect(holds("population = 15460000.0")).toBe(true);
  });

  test("<, <=, >, >= compare numbers", ({ expect }) => {
    expect(holds("population > 1000000")).toBe(true);
    expect(holds("population >= 15460000 AND population <= 15460000")).toBe(true);
    expect(holds("population < 15460000")).toBe(false);
    expect(holds("temperature < -9.5")).toBe(true);
    expect(holds("geography.coordinates.longitude > 28.9")).toBe(true);
  });

  test("a missing field is false, even for != (§3.3)", ({ expect }) => {
    const noLocation = { city: "X" };
    expect(
      holds("location.continent != 'Asia' AND location.continent != 'Europe'", noLocation),
    ).toBe(false);
    expect(holds("lat >= 40 AND lon <= 100", noLocation)).toBe(false);
    expect(holds("missing NOT IN ('a')", noLocation)).toBe(false);
    expect(holds("missing NOT CONTAINS 'a'", noLocation)).toBe(false);
    expect(holds("missing NOT GLOB 'a*'", noLocation)).toBe(false);
    expect(holds("missing != 1", undefined)).toBe(false);
  });

  test("a type mismatch is false, positive and negated alike", ({ expect }) => {
    expect(holds("population = '15460000'")).toBe(false);
    expect(holds("population != 'x'")).toBe(false);
    expect(holds("is_capital = 0")).toBe(false);
    expect(holds("city > 1")).toBe(false);
    expect(holds("city < 'Z'")).toBe(false);
    expect(holds("geography = 'Asia'")).toBe(false);
    expect(holds("geography != 'Asia'")).toBe(false);
    expect(holds("population GLOB '1*'")).toBe(false);
    expect(holds("city CONTAINS 'I'")).toBe(false);
    expect(holds("city NOT CONTAINS 'I'")).toBe(false);
    expect(holds("lastCensus = 0 OR lastCensus != 0")).toBe(false);
  });

  test("GLOB and NOT GLOB", ({ expect }) => {
    expect(holds("city GLOB 'I*bul'")).toBe(true);
    expect(holds("city GLOB 'i*'")).toBe(false);
    expect(holds("city NOT GLOB 'A*'")).toBe(true);
    expect(holds("city NOT GLOB 'I*'")).toBe(false);
    expect(holds("economy.currency GLOB '[A-Z][A-Z][^A-S]'")).toBe(true);
    expect(holds(`d GLOB '*"quotes"*'`, { d: 'Contains "quotes"' })).toBe(true);
  });

  test("IN and NOT IN", ({ expect }) => {
    expect(holds("country IN ('Germany', 'Turkey', 'Japan')")).toBe(true);
    expect(holds("country IN ('Germany', 'Japan')")).toBe(false);
    expect(holds("country NOT IN ('Germany', 'Japan')")).toBe(true);
    expect(holds("country NOT IN ('Germany', 'Turkey')")).toBe(false);
    expect(holds("population IN (1, 15460000)")).toBe(true);
    expect(holds("is_capital in (false)")).toBe(true);
    // NOT IN is `!=` for each value: another type than every value is false.
    expect(holds("population NOT IN ('a', 'b')")).toBe(false);
  });

  test("CONTAINS and NOT CONTAINS on arrays", ({ expect }) => {
    expect(holds("economy.major_industries CONTAINS 'Tourism'")).toBe(true);
    expect(holds("economy.major_industries CONTAINS 'Mining'")).toBe(false);
    expect(holds("economy.major_industries NOT CONTAINS 'Mining'")).toBe(true);
    expect(holds("economy.major_industries NOT CONTAINS 'Finance'")).toBe(false);
    expect(holds("n CONTAINS 2 AND b CONTAINS true", { n: [1, 2], b: [false, true] })).toBe(true);
    expect(holds("n CONTAINS '2'", { n: [1, 2] })).toBe(false);
  });

  test("array indexing, from the start and from the end", ({ expect }) => {
    expect(holds("economy.major_industries[0] = 'Tourism'")).toBe(true);
    expect(holds("economy.major_industries[2] = 'Finance'")).toBe(true);
    expect(holds("economy.major_industries[3] = 'Finance'")).toBe(false);
    expect(holds("economy.major_industries[#-1] = 'Finance'")).toBe(true);
    expect(holds("economy.major_industries[#-3] = 'Tourism'")).toBe(true);
    expect(holds("economy.major_industries[#-4] = 'Tourism'")).toBe(false);
    expect(holds("industries#-1] = 'x'", { industries: ["x"] })).toBe(false);
    expect(holds("m[1][0].v = 1", { m: [[], [{ v: 1 }]] })).toBe(true);
    expect(
      holds("tags[0] = 'mammal' AND diet = 'carnivore'", { tags: ["mammal"], diet: "carnivore" }),
    ).toBe(true);
    // Indexing an object, or a key on an array, finds nothing.
    expect(holds("geography[0] = 'Asia'")).toBe(false);
    expect(holds("HAS FIELD economy.major_industries.length")).toBe(false);
  });

  test("HAS FIELD and HAS NOT FIELD; a stored null exists (§3.3)", ({ expect }) => {
    expect(holds("HAS FIELD geography.continent")).toBe(true);
    expect(holds("HAS FIELD geography.ocean")).toBe(false);
    expect(holds("HAS NOT FIELD geography.ocean")).toBe(true);
    expect(holds("HAS FIELD lastCensus")).toBe(true);
    expect(holds("HAS NOT FIELD lastCensus")).toBe(false);
    expect(holds("HAS NOT FIELD anything", undefined)).toBe(true);
    // Inherited properties are not fields.
    expect(holds("HAS FIELD constructor")).toBe(false);
    expect(holds("HAS FIELD __proto__", JSON.parse('{"__proto__": 1}'))).toBe(true);
  });

  test("AND binds tighter than OR; parentheses override", ({ expect }) => {
    const m = { a: 1, b: 2, c: 3 };
    // true OR (false AND false) = true; (true OR false) AND false = false.
    expect(holds("a = 1 OR b = 0 AND c = 0", m)).toBe(true);
    expect(holds("(a = 1 OR b = 0) AND c = 0", m)).toBe(false);
    // (false AND x) OR true = true.
    expect(holds("a = 0 AND b = 2 OR c = 3", m)).toBe(true);
    expect(holds("a = 0 AND (b = 2 OR c = 3)", m)).toBe(false);
  });

  test("the empty filter matches every record", ({ expect }) => {
    expect(holds("")).toBe(true);
    expect(holds("", undefined)).toBe(true);
  });

  test("compiled filters are cached and the cache is bounded", async ({ expect }) => {
    const { FILTER_CACHE_SIZE, compiledFilterCount } = await import("./compile.ts");
    expect(compileFilter("a = 1")).toBe(compileFilter("a = 1"));
    for (let i = 0; i < FILTER_CACHE_SIZE + 10; i++) {
      compileFilter(`a = ${i}`);
    }
    expect(compiledFilterCount()).toBe(FILTER_CACHE_SIZE);
  });
});
