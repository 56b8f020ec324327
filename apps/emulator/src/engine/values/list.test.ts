/** `List` against a plain array, driven by `fc.commands`, plus its encoding conversions. */
import { fc, test as fcTest } from "@fast-check/vitest";
import { describe, test } from "vitest";
import { List } from "./list.ts";

interface Model {
  items: string[];
}

interface Real {
  list: List;
}

function fail(message: string): never {
  throw new Error(message);
}

function checkAll(model: Model, real: Real): void {
  const actual = [...real.list.values()];
  if (actual.length !== model.items.length || actual.some((v, i) => v !== model.items[i])) {
    fail(`content ${JSON.stringify(actual)} ≠ ${JSON.stringify(model.items)}`);
  }
  if (real.list.length !== model.items.length) {
    fail("length");
  }
}

const element = fc.stringMatching(/^[ab1-]{0,2}$/);

/** A command from a name, an effect on the model and the same effect on the list. */
function command(name: string, apply: (model: Model, real: Real) => void): fc.Command<Model, Real> {
  return {
    check: () => true,
    run: (model, real) => {
      apply(model, real);
      checkAll(model, real);
    },
    toString: () => name,
  };
}

const commands = fc.commands(
  [
    element.map((v) =>
      command(`pushHead(${v})`, (m, r) => {
        m.items.unshift(v);
        r.list.pushHead(v);
      }),
    ),
    element.map((v) =>
      command(`pushTail(${v})`, (m, r) => {
        m.items.push(v);
        r.list.pushTail(v);
      }),
    ),
    fc.constant(
      command("popHead", (m, r) => {
        if (r.list.popHead() !== m.items.shift()) {
          fail("popHead");
        }
      }),
    ),
    fc.constant(
      command("popTail", (m, r) => {
        if (r.list.popTail() !== m.items.pop()) {
          fail("popTail");
        }
      }),
    ),
    fc.integer({ min: -2, max: 40 }).map((i) =>
      command(`at(${i})`, (m, r) => {
        if (r.list.at(i) !== (i >= 0 ? m.items[i] : undefined)) {
          fail("at");
        }
      }),
    ),
    fc.tuple(fc.integer({ min: -1, max: 40 }), element).map(([i, v]) =>
      command(`set(${i}, ${v})`, (m, r) => {
        const inRange = i >= 0 && i < m.items.length;
        if (inRange) {
          m.items[i] = v;
        }
        if (r.list.set(i, v) !== inRange) {
          fail("set");
        }
      }),
    ),
    fc.tuple(fc.nat(40), element).map(([i, v]) =>
      command(`insert(${i}, ${v})`, (m, r) => {
        const index = Math.min(i, m.items.length);
        m.items.splice(index, 0, v);
        r.list.insert(index, v);
      }),
    ),
    fc.tuple(element, fc.integer({ min: -3, max: 3 })).map(([v, count]) =>
      command(`removeMatching(${v}, ${count})`, (m, r) => {
        const limit = count === 0 ? Number.POSITIVE_INFINITY : Math.abs(count);
        const order = count < 0 ? [...m.items.keys()].reverse() : [...m.items.keys()];
        const doomed = new Set<number>();
        for (const index of order) {
          if (m.items[index] === v && doomed.size < limit) {
            doomed.add(index);
          }
        }
        m.items = m.items.filter((_, index) => !doomed.has(index));
        if (r.list.removeMatching(v, count) !== doomed.size) {
          fail("removed count");
        }
      }),
    ),
    fc.tuple(fc.nat(40), fc.nat(40)).map(([a, b]) =>
      command(`trim(${a}, ${b})`, (m, r) => {
        const start = Math.min(a, m.items.length);
        const end = Math.min(b, m.items.length - 1);
        m.items = start > end ? [] : m.items.slice(start, end + 1);
        r.list.trim(start, start > end ? start - 1 : end);
      }),
    ),
    fc.tuple(fc.nat(40), fc.nat(40)).map(([a, b]) =>
      command(`slice(${a}, ${b})`, (m, r) => {
        const end = Math.min(b, m.items.length - 1);
        const expected = a > end ? [] : m.items.slice(a, end + 1);
        if (JSON.stringify(r.list.slice(a, end)) !== JSON.stringify(expected)) {
          fail("slice");
        }
      }),
    ),
    fc.nat(300).map((n) =>
      command(`bulk(${n})`, (m, r) => {
        for (let i = 0; i < n; i++) {
          const v = `v${i}`;
          if (i % 2 === 0) {
            m.items.push(v);
            r.list.pushTail(v);
          } else {
            m.items.unshift(v);
            r.list.pushHead(v);
          }
        }
      }),
    ),
    fc.constant(
      command("clone", (m, r) => {
        if (JSON.stringify([...r.list.clone().values()]) !== JSON.stringify(m.items)) {
          fail("clone");
        }
      }),
    ),
  ],
  { maxCommands: 80 },
);

describe("List model", () => {
  fcTest.prop([commands], { numRuns: 200 })("behaves like an array", (cmds) => {
    fc.modelRun(() => ({ model: { items: [] }, real: { list: new List() } }), cmds);
  });
});

describe("encoding", () => {
  test("a listpack becomes a quicklist past 8 kB (fill −2) and back under half", ({ expect }) => {
    const list = new List();
    const value = "x".repeat(60);
    // 7 bytes of header + 132 × (1 + 60 + 1) = 8191 ≤ 8192; the check adds the raw 60 bytes first.
    for (let i = 0; i < 132; i++) {
      list.convertBeforeGrowing(-2, [value]);
      list.pushTail(value);
    }
    expect(list.encoding()).toBe("listpack");
    list.convertBeforeGrowing(-2, [value]);
    expect(list.encoding()).toBe("quicklist");
    list.pushTail(value);
    // Half a node is 4096 bytes: 66 entries take 4099, 65 take 4037.
    while (list.length > 66) {
      list.popTail();
      list.convertAfterShrinking(-2);
      expect(list.encoding()).toBe("quicklist");
    }
    list.popTail();
    list.convertAfterShrinking(-2);
    expect(list.encoding()).toBe("listpack");
  });

  test("a positive fill counts entries", ({ expect }) => {
    const list = new List(["a", "b", "c"]);
    list.convertBeforeGrowing(4, ["d"]);
    expect(list.encoding()).toBe("listpack");
    list.convertBeforeGrowing(4, ["d", "e"]);
    expect(list.encoding()).toBe("quicklist");
    list.pushTail("d");
    list.pushTail("e");
    list.popTail();
    list.popTail();
    list.popTail();
    list.convertAfterShrinking(4);
    expect(list.encoding()).toBe("listpack");
  });

  test("integers count as their compact listpack encoding", ({ expect }) => {
    const list = new List();
    // "100" is one byte of 7-bit integer plus one back-length byte; 4093 of them fill 8193 bytes.
    for (let i = 0; i < 4092; i++) {
      list.pushTail("100");
    }
    list.convertBeforeGrowing(-2, ["1"]);
    expect(list.encoding()).toBe("listpack");
    list.convertBeforeGrowing(-2, ["12"]);
    expect(list.encoding()).toBe("quicklist");
  });
});
