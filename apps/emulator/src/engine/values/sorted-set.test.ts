/**
 * `SortedSet` against a trivial model (a sorted array), driven by `fc.commands`, plus the range
 * parsers and score formatting.
 */
import { fc, test as fcTest } from "@fast-check/vitest";
import { describe, test } from "vitest";
import {
  type AddFlags,
  formatScore,
  formatScoreG17,
  type LexRange,
  parseLexRange,
  parseScoreRange,
  type ScoreRange,
  SortedSet,
  type SortedSetLimits,
} from "./sorted-set.ts";

const LIMITS: SortedSetLimits = { maxListpackEntries: 128, maxListpackValue: 64 };

/** The model: entries kept sorted by (score, member bytes). */
class Model {
  entries: [string, number][] = [];

  sort(): void {
    this.entries.sort(([am, as], [bm, bs]) =>
      as !== bs ? (as < bs ? -1 : 1) : am < bm ? -1 : am > bm ? 1 : 0,
    );
  }

  find(member: string): number {
    return this.entries.findIndex(([m]) => m === member);
  }
}

interface Real {
  set: SortedSet;
}

function fail(message: string): never {
  throw new Error(message);
}

function sameEntries(actual: readonly [string, number][], expected: readonly [string, number][]) {
  if (actual.length !== expected.length) {
    fail(`length ${actual.length} ≠ ${expected.length}`);
  }
  actual.forEach(([member, score], i) => {
    const [m, s] = expected[i] ?? ["", Number.NaN];
    if (member !== m || !Object.is(score, s)) {
      fail(`entry ${i}: ${member}=${score} ≠ ${m}=${s}`);
    }
  });
}

/** After every command, the whole content and size agree. */
function checkAll(model: Model, real: Real): void {
  sameEntries([...real.set.entries()], model.entries);
  if (real.set.size !== model.entries.length) {
    fail("size");
  }
  // Ranks and selection use the subtree sizes, which iteration does not.
  const last = model.entries.length - 1;
  for (const index of [0, last >> 2, last >> 1, last - 1, last]) {
    const entry = model.entries[index];
    if (
      entry !== undefined &&
      (real.set.rank(entry[0]) !== index ||
        real.set.at(index)?.[0] !== entry[0] ||
        !Object.is(real.set.score(entry[0]), entry[1]))
    ) {
      fail(`rank/at/score ${index}`);
    }
  }
}

const member = fc.stringMatching(/^[a-d]{0,3}$/);
const score = fc.oneof(
  fc.integer({ min: -5, max: 5 }),
  fc.constantFrom(0.5, -0, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
);

/** A command from a name, a precondition and a run against the model and the set. */
function command(
  name: string,
  run: (model: Model, real: Real) => void,
  check: (model: Readonly<Model>) => boolean = () => true,
): fc.Command<Model, Real> {
  return { check, run, toString: () => name };
}

function addCommand(member: string, score: number, flags: AddFlags): fc.Command<Model, Real> {
  return command(`add(${member}, ${score}, ${JSON.stringify(flags)})`, (model, real) => {
    const index = model.find(member);
    const current = index < 0 ? undefined : model.entries[index]?.[1];
    const result = real.set.add(member, score, { flags, limits: LIMITS });
    let expected: string;
    if (current === undefined) {
      expected = flags.xx === true ? "skipped" : "added";
      if (expected === "added") {
        model.entries.push([member, score]);
      }
    } else if (flags.nx === true) {
      expected = "skipped";
    } else {
      const next = flags.incr === true ? current + score : score;
      if (Number.isNaN(next)) {
        expected = "nan";
      } else if ((flags.lt === true && next >= current) || (flags.gt === true && next <= current)) {
        expected = "skipped";
      } else if (next === current) {
        expected = "unchanged";
      } else {
        expected = "updated";
        model.entries[index] = [member, next];
      }
    }
    model.sort();
    if (result.outcome !== expected) {
      fail(`add outcome ${result.outcome} ≠ ${expected}`);
    }
    checkAll(model, real);
  });
}

function removeCommand(member: string): fc.Command<Model, Real> {
  return command(`remove(${member})`, (model, real) => {
    const index = model.find(member);
    if (index >= 0) {
      model.entries.splice(index, 1);
    }
    if (real.set.remove(member) !== index >= 0) {
      fail("remove result");
    }
    checkAll(model, real);
  });
}

/** Adds `count` pseudo-random members at once, to grow past leaf and branch capacities. */
function bulkAddCommand(count: number, seed: number): fc.Command<Model, Real> {
  return command(`bulkAdd(${count}, ${seed})`, (model, real) => {
    const byMember = new Map(model.entries);
    let state = seed;
    for (let i = 0; i < count; i++) {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      const name = `m${state % 20000}`;
      const value = (state >>> 8) % 50;
      real.set.add(name, value, { flags: {}, limits: LIMITS });
      byMember.set(name, value);
    }
    model.entries = [...byMember];
    model.sort();
    checkAll(model, real);
  });
}

/** Removes all but every `step`-th member, to shrink leaves and exercise merges. */
function bulkRemoveCommand(step: number): fc.Command<Model, Real> {
  return command(`bulkRemove(${step})`, (model, real) => {
    const doomed = model.entries.filter((_, i) => i % step !== 0).map(([m]) => m);
    for (const name of doomed) {
      real.set.remove(name);
    }
    const gone = new Set(doomed);
    model.entries = model.entries.filter(([m]) => !gone.has(m));
    checkAll(model, real);
  });
}

function rankCommand(member: string): fc.Command<Model, Real> {
  return command(`rank(${member})`, (model, real) => {
    const index = model.find(member);
    const rank = real.set.rank(member);
    if (rank !== (index < 0 ? undefined : index)) {
      fail(`rank ${rank} ≠ ${index}`);
    }
  });
}

function atCommand(fraction: number): fc.Command<Model, Real> {
  return command(`at(${fraction})`, (model, real) => {
    const rank = Math.floor(fraction * (model.entries.length + 2)) - 1;
    const expected = model.entries[rank];
    const actual = real.set.at(rank);
    if (actual?.[0] !== expected?.[0] || !Object.is(actual?.[1], expected?.[1])) {
      fail(`at(${rank})`);
    }
  });
}

function scoreRangeCommand(range: ScoreRange): fc.Command<Model, Real> {
  return command(`scoreRange(${JSON.stringify(range)})`, (model, real) => {
    const { min, max, minExclusive, maxExclusive } = range;
    const inRange = (s: number): boolean =>
      (minExclusive ? s > min : s >= min) && (maxExclusive ? s < max : s <= max);
    const ranks = model.entries.map(([, s], i) => (inRange(s) ? i : -1)).filter((i) => i >= 0);
    const interval = real.set.scoreRankInterval(range);
    const expected = ranks.length === 0 ? undefined : { start: ranks[0], end: ranks.at(-1) };
    if (interval?.start !== expected?.start || interval?.end !== expected?.end) {
      fail(`scoreRankInterval ${JSON.stringify(interval)} ≠ ${JSON.stringify(expected)}`);
    }
  });
}

/** Lex ranges are only specified when every score is equal. */
function lexRangeCommand(range: LexRange): fc.Command<Model, Real> {
  const { min, max } = range;
  const inRange = (m: string): boolean => {
    const aboveMin =
      min === "-" ? true : min === "+" ? false : min.isExclusive ? m > min.value : m >= min.value;
    const belowMax =
      max === "+" ? true : max === "-" ? false : max.isExclusive ? m < max.value : m <= max.value;
    return aboveMin && belowMax;
  };
  return command(
    `lexRange(${JSON.stringify(range)})`,
    (model, real) => {
      const ranks = model.entries.map(([m], i) => (inRange(m) ? i : -1)).filter((i) => i >= 0);
      const expected = ranks.length === 0 ? undefined : { start: ranks[0], end: ranks.at(-1) };
      for (const isReverse of [false, true]) {
        const interval = real.set.lexRankInterval(range, isReverse);
        if (interval?.start !== expected?.start || interval?.end !== expected?.end) {
          fail(`lexRankInterval ${JSON.stringify(interval)} ≠ ${JSON.stringify(expected)}`);
        }
      }
    },
    (model) => new Set(model.entries.map(([, s]) => s)).size <= 1,
  );
}

function removeRanksCommand(from: number, length: number): fc.Command<Model, Real> {
  return command(`removeRanks(${from}, ${length})`, (model, real) => {
    const start = Math.min(from, model.entries.length);
    const end = Math.min(start + length, model.entries.length) - 1;
    const removed = real.set.removeRankInterval({ start, end });
    model.entries.splice(start, end - start + 1);
    if (removed !== Math.max(0, end - start + 1)) {
      fail("removed count");
    }
    checkAll(model, real);
  });
}

const reverseWalkCommand = command("reverseWalk", (model, real) => {
  const walked: [string, number][] = [];
  real.set.forEachInRank({ start: 0, end: real.set.size - 1, isReverse: true }, (m, value) => {
    walked.push([m, value]);
  });
  sameEntries(walked, [...model.entries].reverse());
  sameEntries([...real.set.clone().entries()], model.entries);
});

const flags = fc.record(
  {
    nx: fc.boolean(),
    xx: fc.boolean(),
    gt: fc.boolean(),
    lt: fc.boolean(),
    incr: fc.boolean(),
  },
  { requiredKeys: [] },
);

const lexBound = fc.oneof(
  fc.constantFrom<"-" | "+">("-", "+"),
  fc.record({ value: member, isExclusive: fc.boolean() }),
);

const commands = fc.commands(
  [
    fc.tuple(member, score, flags).map(([m, s, f]) => addCommand(m, s, f)),
    member.map((m) => removeCommand(m)),
    fc
      .tuple(fc.integer({ min: 1, max: 6000 }), fc.nat())
      .map(([count, seed]) => bulkAddCommand(count, seed)),
    fc.integer({ min: 2, max: 5 }).map((step) => bulkRemoveCommand(step)),
    member.map((m) => rankCommand(m)),
    fc.double({ min: 0, max: 1, noNaN: true }).map((f) => atCommand(f)),
    fc
      .record({ min: score, max: score, minExclusive: fc.boolean(), maxExclusive: fc.boolean() })
      .map((range) => scoreRangeCommand(range)),
    fc.record({ min: lexBound, max: lexBound }).map((range) => lexRangeCommand(range)),
    fc
      .tuple(fc.nat({ max: 5000 }), fc.nat({ max: 3000 }))
      .map(([from, length]) => removeRanksCommand(from, length)),
    fc.constant(reverseWalkCommand),
  ],
  { maxCommands: 60 },
);

describe("SortedSet model", () => {
  fcTest.prop([commands], { numRuns: 100 })(
    "behaves like a sorted array",
    (cmds) => {
      fc.modelRun(() => ({ model: new Model(), real: { set: new SortedSet() } }), cmds);
    },
    60_000,
  );

  test("stays consistent through growth to three levels and back", ({ expect }) => {
    const set = new SortedSet();
    const model = new Model();
    for (let i = 0; i < 20_000; i++) {
      const name = `k${(i * 7919) % 20_000}`;
      set.add(name, i % 97, { flags: {}, limits: LIMITS });
      model.entries.push([name, i % 97]);
    }
    model.sort();
    expect([...set.entries()]).toEqual(model.entries);
    expect(set.rank("k0")).toBe(model.find("k0"));
    for (let i = 0; i < 20_000; i += 1) {
      if (i % 10 !== 0) {
        set.remove(`k${i}`);
      }
    }
    model.entries = model.entries.filter(([m]) => Number(m.slice(1)) % 10 === 0);
    expect([...set.entries()]).toEqual(model.entries);
    expect(set.at(1000)).toEqual(model.entries[1000]);
  });
});

describe("encoding", () => {
  test("a listpack until a member or the count passes the limits", ({ expect }) => {
    const set = SortedSet.create(LIMITS, { size: 1, memberLength: 1 });
    expect(set.encoding()).toBe("listpack");
    set.add("x".repeat(65), 1, { flags: {}, limits: LIMITS });
    expect(set.encoding()).toBe("skiplist");
    set.remove("x".repeat(65));
    expect(set.encoding()).toBe("skiplist");
    set.compactIfSmall(LIMITS);
    expect(set.encoding()).toBe("listpack");
    const counted = new SortedSet();
    for (let i = 0; i < 129; i++) {
      counted.add(`m${i}`, i, { flags: {}, limits: LIMITS });
    }
    expect(counted.encoding()).toBe("skiplist");
    expect(SortedSet.create(LIMITS, { size: 1, memberLength: 65 }).encoding()).toBe("skiplist");
  });
});

describe("scan", () => {
  test("returns every member present throughout despite changes", ({ expect }) => {
    const set = new SortedSet();
    set.useSkiplist();
    for (let i = 0; i < 1000; i++) {
      set.add(`m${i}`, i, { flags: {}, limits: LIMITS });
    }
    const seen = new Map<string, number>();
    let cursor = 0;
    let round = 0;
    do {
      const page = set.scan(cursor, 10);
      for (const [name] of page.entries) {
        seen.set(name, (seen.get(name) ?? 0) + 1);
      }
      cursor = page.cursor;
      // Churn: remove an early member, add a new one and change scores.
      set.remove(`m${round}`);
      set.add(`new${round}`, -round, { flags: {}, limits: LIMITS });
      set.add(`m${999 - round}`, 5000 + round, { flags: {}, limits: LIMITS });
      round++;
    } while (cursor !== 0);
    for (let i = round; i < 1000; i++) {
      expect(seen.get(`m${i}`)).toBeGreaterThanOrEqual(1);
    }
  });
});

describe("range parsing", () => {
  test.for([
    ["1", "2", { min: 1, max: 2, minExclusive: false, maxExclusive: false }],
    ["(1.5", "+inf", { min: 1.5, max: Infinity, minExclusive: true, maxExclusive: false }],
    ["-inf", "(-1e3", { min: -Infinity, max: -1000, minExclusive: false, maxExclusive: true }],
    ["", "(", { min: 0, max: 0, minExclusive: false, maxExclusive: true }],
    ["-INFINITY", "+1", { min: -Infinity, max: 1, minExclusive: false, maxExclusive: false }],
    ["1e400", ".5", { min: Infinity, max: 0.5, minExclusive: false, maxExclusive: false }],
  ] as const)("score %s %s", ([min, max, expected], { expect }) => {
    expect(parseScoreRange(min, max)).toEqual(expected);
  });

  test.for([
    ["nan", "1"],
    [" 1", "1"],
    ["0x10", "1"],
    ["1e", "1"],
    ["((1", "1"],
    ["1", "abc"],
  ] as const)("score %s %s is not a float", ([min, max], { expect }) => {
    expect(parseScoreRange(min, max)).toBeUndefined();
  });

  test("lex bounds", ({ expect }) => {
    expect(parseLexRange("-", "+")).toEqual({ min: "-", max: "+" });
    expect(parseLexRange("[a", "(b")).toEqual({
      min: { value: "a", isExclusive: false },
      max: { value: "b", isExclusive: true },
    });
    expect(parseLexRange("[", "(")).toEqual({
      min: { value: "", isExclusive: false },
      max: { value: "", isExclusive: true },
    });
    for (const bad of ["a", "", "-a", "+b"]) {
      expect(parseLexRange(bad, "+")).toBeUndefined();
    }
  });

  test("members named - and + are ordinary members", ({ expect }) => {
    const set = new SortedSet();
    for (const name of ["+", "-", "a"]) {
      set.add(name, 0, { flags: {}, limits: LIMITS });
    }
    const range = parseLexRange("[-", "[-");
    expect(range && set.lexRankInterval(range)).toEqual({ start: 1, end: 1 });
  });
});

describe("formatting", () => {
  test.for([
    [1, "1"],
    [-0, "-0"],
    [1.5, "1.5"],
    [0.1 + 0.2, "0.30000000000000004"],
    [1e15, "1000000000000000"],
    [2 ** 62, "4611686018427387904"],
    [2 ** 63, "9223372036854776000"],
    [1e23, "1e+23"],
    [Infinity, "inf"],
    [-Infinity, "-inf"],
  ] as const)("formatScore(%s) = %s", ([value, text], { expect }) => {
    expect(formatScore(value)).toBe(text);
  });

  test.for([
    [1.1, "1.1000000000000001"],
    [3, "3"],
    [-0, "-0"],
    [1e17, "1e+17"],
    [123.5, "123.5"],
    [0.0001, "0.0001"],
    [0.00001, "1.0000000000000001e-05"],
    [1e100, "1e+100"],
    [Infinity, "inf"],
  ] as const)("formatScoreG17(%s) = %s", ([value, text], { expect }) => {
    expect(formatScoreG17(value)).toBe(text);
  });
});

describe("forEachRunInScoreRange", () => {
  /** Every (member, score) the runs hand out, in order, stopping after `stopAfter` runs. */
  function collectRuns(
    set: SortedSet,
    walk: { min: number; max: number; stopAfter?: number },
  ): { entries: [string, number][]; runs: number } {
    const entries: [string, number][] = [];
    let runs = 0;
    set.forEachRunInScoreRange(walk, (run) => {
      runs++;
      for (let i = run.start; i < run.end; i++) {
        entries.push([run.members[i] as string, run.scores[i] as number]);
      }
      return walk.stopAfter === undefined || runs < walk.stopAfter;
    });
    return { entries, runs };
  }

  fcTest.prop(
    [
      fc.array(fc.integer({ min: 0, max: 500 }), { maxLength: 1500 }),
      fc.integer({ min: -10, max: 510 }),
      fc.integer({ min: -10, max: 510 }),
    ],
    { numRuns: 60 },
  )("visits exactly the entries with min ≤ score < max, in order", (scores, min, max) => {
    const set = new SortedSet();
    for (const [index, score] of scores.entries()) {
      set.add(`m${index}`, score, { flags: {}, limits: LIMITS });
    }
    const expected = [...set.entries()].filter(([, score]) => score >= min && score < max);
    return JSON.stringify(collectRuns(set, { min, max }).entries) === JSON.stringify(expected);
  });

  test("hands out one run per leaf and stops when the visitor says so", ({ expect }) => {
    const set = new SortedSet();
    for (let i = 0; i < 1000; i++) {
      set.add(`m${i}`, i, { flags: {}, limits: LIMITS });
    }
    const all = collectRuns(set, { min: 100, max: 900 });
    expect(all.entries.length).toBe(800);
    expect(all.runs).toBeGreaterThan(1);
    expect(all.runs).toBeLessThan(20);
    const first = collectRuns(set, { min: 100, max: 900, stopAfter: 1 });
    expect(first.runs).toBe(1);
    expect(first.entries[0]).toEqual(["m100", 100]);
    expect(collectRuns(set, { min: 5, max: 5 }).runs).toBe(0);
  });
});
