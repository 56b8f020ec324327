/**
 * Filters and result counts observed on the real service by a third party (vector-rest-wire.md
 * §3.3 and its sources: mastra-ai/mastra `stores/upstash`), over the same four records. The
 * filter texts are what that client sends for its queries.
 */
import { describe, test } from "vitest";
import { compileFilter } from "./compile.ts";
import { FilterSyntaxError } from "./errors.ts";

const records = [
  {
    name: "Istanbul",
    population: 15460000,
    location: { continent: "Asia", coordinates: { latitude: 41.0082, longitude: 28.9784 } },
    tags: ["historic", "coastal", "metropolitan"],
    industries: ["Tourism", "Finance", "Technology"],
    founded: 330,
    isCapital: false,
    lastCensus: null,
  },
  {
    name: "Berlin",
    population: 3669495,
    location: { continent: "Europe", coordinates: { latitude: 52.52, longitude: 13.405 } },
    tags: ["historic", "cultural", "metropolitan"],
    industries: ["Technology", "Arts", "Tourism"],
    founded: 1237,
    isCapital: true,
    lastCensus: 2021,
  },
  {
    name: "San Francisco",
    population: 873965,
    location: {
      continent: "North America",
      coordinates: { latitude: 37.7749, longitude: -122.4194 },
    },
    tags: ["coastal", "tech", "metropolitan"],
    industries: ["Technology", "Finance", "Tourism"],
    founded: 1776,
    isCapital: false,
    lastCensus: 2020,
  },
  {
    name: "City's Name",
    description: 'Contains "quotes"',
    population: 0,
    temperature: -10,
    microscopicDetail: 1e-10,
    isCapital: false,
    tags: ["nothing"],
  },
];

const count = (filter: string): number => records.filter(compileFilter(filter)).length;

const OBSERVED: readonly (readonly [string, number])[] = [
  ["name = 'Istanbul'", 1],
  ["name != 'Berlin'", 3],
  ["population > 1000000", 2],
  ["founded <= 1500", 2],
  ["tags CONTAINS 'historic'", 2],
  ["tags NOT CONTAINS 'tech'", 3],
  ["location.continent IN ('Asia', 'Europe')", 2],
  ["name NOT IN ('Berlin', 'Istanbul')", 2],
  ["industries[0] = 'Tourism'", 1],
  ["industries[#-1] = 'Technology'", 1],
  ["(industries[0] = 'Tourism' AND tags[#-1] = 'metropolitan')", 1],
  ["location.coordinates.latitude > 40", 2],
  ["(population > 1000000 AND isCapital = true)", 1],
  ["(location.continent = 'Asia' OR location.continent = 'Europe')", 2],
  ["isCapital != true", 3],
  ["population >= 1000000", 2],
  ["name NOT GLOB '*bul'", 3],
  ["(location.continent != 'Asia' AND location.continent != 'Europe')", 1],
  ["(population <= 10000000 AND isCapital != true AND tags NOT CONTAINS 'tech')", 1],
  ["(industries CONTAINS 'Tourism' AND industries CONTAINS 'Finance')", 2],
  ["(population >= 1000000 OR isCapital != true)", 4],
  ["(location.coordinates.latitude >= 40 AND location.coordinates.longitude <= 100)", 2],
  ["(HAS FIELD location.coordinates.latitude AND HAS FIELD location.coordinates.longitude)", 3],
  ["(location.continent != 'Asia' AND population >= 1000000 AND tags NOT CONTAINS 'tech')", 1],
  ["(name NOT GLOB '*bul' AND name NOT GLOB '*lin' AND name NOT GLOB '*cisco')", 1],
  [
    "(population <= 5000000 AND tags NOT CONTAINS 'tech' AND location.coordinates.latitude >= 38)",
    1,
  ],
  ["(HAS NOT FIELD lastCensus AND HAS FIELD population)", 1],
  ["(HAS FIELD empty AND HAS NOT FIELD empty)", 0],
  ["(HAS FIELD empty OR HAS NOT FIELD empty)", 4],
  [
    "(population > 1000000 AND (location.continent = 'Asia' OR industries CONTAINS 'Technology'))",
    2,
  ],
  [`name = "City's Name"`, 1],
  [`description = 'Contains "quotes"'`, 1],
  ["population = 0", 1],
  ["temperature = -10", 1],
  ["location.coordinates.latitude = 41.0082", 1],
  ["microscopicDetail = 0.0000000001", 1],
  [`description GLOB '*"quotes"*'`, 1],
  ["name GLOB 'San*'", 1],
  ["name GLOB '*in'", 1],
  ["name NOT GLOB 'A*'", 4],
  ["HAS FIELD location.coordinates", 3],
  ["HAS NOT FIELD unknownField", 4],
  ["industries#-1] = 'Tourism'", 0],
  ["(a.b.c.d.e = 1 AND (f.g.h.i.j = 2 OR (k.l.m.n.o = 3 AND p.q.r.s.t = 4)))", 0],
];

const REJECTED = [
  "industries[] = 'Tourism'",
  "industries[ = 'Tourism'",
  ".invalidPath = 'value'",
  `tags IN (${Array.from({ length: 1000 }, (_, i) => `'value${i}'`).join(", ")})`,
];

describe("filters as observed on the service", () => {
  test("every observed filter selects the observed number of records", ({ expect }) => {
    const actual = OBSERVED.map(([filter]) => [filter, count(filter)]);
    expect(actual).toEqual(OBSERVED);
  });

  test("the filters the service rejects are syntax errors here too", ({ expect }) => {
    for (const filter of REJECTED) {
      expect(() => compileFilter(filter), filter).toThrow(FilterSyntaxError);
    }
  });
});
