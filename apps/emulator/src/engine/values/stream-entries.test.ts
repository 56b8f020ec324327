/**
 * The packed entries against a model (a sorted array of [id, fields]): appends, deletes inside a
 * node, trims across nodes, IDs beyond 2^53 (whose doubles tie), binary and repeated strings.
 */
import { fc, test as fcTest } from "@fast-check/vitest";
import { describe, test } from "vitest";
import { formatEntryIdAt, StreamEntries } from "./stream-entries.ts";
import {
  formatStreamId,
  MAX_STREAM_ID,
  MIN_STREAM_ID,
  makeStreamId,
  type StreamId,
} from "./stream-id.ts";

/** Field names and values that repeat (shared strings) or not, with NUL and invalid UTF-8 bytes. */
const text = fc.oneof(
  fc.constantFrom("sensor", "s-1", "reading", "42", "", "\u0000", "\u00ff\u00fe", "a\u0000b"),
  fc.string({ unit: fc.integer({ min: 0, max: 255 }).map((code) => String.fromCharCode(code)) }),
);
const fields = fc
  .array(fc.tuple(text, text), { minLength: 1, maxLength: 6 })
  .map((pairs) => pairs.flat());

const operation = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({ kind: fc.constant("append" as const), fields, gap: fc.nat(3) }),
  },
  fc.record({ kind: fc.constant("delete" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("deleteFirst" as const), count: fc.integer({ min: 0, max: 30 }) }),
);

/** IDs from small ones, ones with sequences above 2^53 and ones whose milliseconds are. */
const idSpaces = {
  small: (n: number): StreamId => makeStreamId(1_700_000_000_000 + (n >> 2), n & 3),
  hugeSeq: (n: number): StreamId => makeStreamId(5, 2n ** 60n + BigInt(n)),
  hugeMs: (n: number): StreamId => makeStreamId(2n ** 63n + BigInt(n), 2n ** 62n),
  mixed: (n: number): StreamId =>
    n < 40 ? makeStreamId(7, n) : makeStreamId(2n ** 64n - 1n - 10_000n + BigInt(n), n),
};

describe("StreamEntries", () => {
  fcTest.prop([
    fc.array(operation, { maxLength: 300 }),
    fc.integer({ min: 1, max: 8 }),
    fc.constantFrom(...(Object.keys(idSpaces) as (keyof typeof idSpaces)[])),
  ])("agrees with a sorted array", (operations, capacity, space) => {
    const idOf = idSpaces[space];
    const entries = new StreamEntries(capacity);
    let model: { n: number; fields: string[] }[] = [];
    let next = 0;
    for (const op of operations) {
      if (op.kind === "append") {
        next += 1 + op.gap;
        // The arguments come after a command name and key, as XADD's argv holds them.
        entries.append(idOf(next), ["XADD", "key", "*", ...op.fields], 3);
        model.push({ n: next, fields: op.fields });
      } else if (op.kind === "delete") {
        const target = model.length === 0 ? next + 1 : (model[op.pick % model.length]?.n ?? 0);
        const existed = model.some((entry) => entry.n === target);
        if (entries.delete(idOf(target)) !== existed) {
          return false;
        }
        model = model.filter((entry) => entry.n !== target);
      } else {
        entries.deleteFirst(op.count);
        model = model.slice(op.count);
      }
    }
    const seen: [StreamId, string[]][] = [];
    entries.scan({ from: MIN_STREAM_ID, to: MAX_STREAM_ID }, (id, pairs) => {
      seen.push([id, pairs]);
      return true;
    });
    const expected = model.map((entry): [StreamId, string[]] => [idOf(entry.n), entry.fields]);
    const low = Math.floor(next / 3);
    const high = Math.floor((2 * next) / 3);
    const reversed: StreamId[] = [];
    entries.scan({ from: idOf(low), to: idOf(high), reverse: true }, (id) => {
      reversed.push(id);
      return true;
    });
    const inRange = model.filter((entry) => entry.n >= low && entry.n <= high);
    const probes = [0, low, high, next, next + 1].every((n) => {
      const at = model.find((entry) => entry.n >= n);
      const after = model.find((entry) => entry.n > n);
      const exact = model.find((entry) => entry.n === n);
      return (
        entries.ceiling(idOf(n)) === (at === undefined ? undefined : idOf(at.n)) &&
        entries.higher(idOf(n)) === (after === undefined ? undefined : idOf(after.n)) &&
        entries.countBelow(idOf(n), Number.POSITIVE_INFINITY) ===
          model.filter((entry) => entry.n < n).length &&
        JSON.stringify(entries.get(idOf(n))) === JSON.stringify(exact?.fields)
      );
    });
    const formatted: string[] = [];
    entries.scanPacked({ from: MIN_STREAM_ID, to: MAX_STREAM_ID }, (node, at) => {
      formatted.push(formatEntryIdAt(node, at));
      return true;
    });
    return (
      probes &&
      entries.size === model.length &&
      JSON.stringify(seen) === JSON.stringify(expected) &&
      JSON.stringify(reversed) ===
        JSON.stringify(inRange.map((entry) => idOf(entry.n)).reverse()) &&
      JSON.stringify(formatted) === JSON.stringify(expected.map(([id]) => formatStreamId(id))) &&
      entries.first() === expected[0]?.[0] &&
      entries.last() === expected[expected.length - 1]?.[0]
    );
  });

  test("appends fill nodes of the capacity; clone is independent", ({ expect }) => {
    const entries = new StreamEntries(100);
    for (let i = 1; i <= 250; i++) {
      entries.append(makeStreamId(i, 0), ["f", String(i)]);
    }
    expect(entries.nodeCount).toBe(3);
    const copy = entries.clone();
    copy.delete(makeStreamId(5, 0));
    copy.append(makeStreamId(251, 0), ["f", "x"]);
    expect(entries.get(makeStreamId(5, 0))).toEqual(["f", "5"]);
    expect(entries.size).toBe(250);
    expect(copy.size).toBe(250);
    // Deleting every entry of a node drops the node; trimming across nodes keeps the rest whole.
    for (let i = 101; i <= 200; i++) {
      entries.delete(makeStreamId(i, 0));
    }
    expect(entries.nodeCount).toBe(2);
    entries.deleteFirst(99);
    expect(entries.first()).toBe(makeStreamId(100, 0));
    expect(entries.get(makeStreamId(201, 0))).toEqual(["f", "201"]);
  });

  test("an entry of many fields keeps them all, in order", ({ expect }) => {
    const entries = new StreamEntries(4);
    const many = Array.from({ length: 2000 }, (_, i) => `field-${i}`);
    entries.append(makeStreamId(1, 0), many);
    entries.append(makeStreamId(1, 1), ["a", "b"]);
    entries.append(makeStreamId(1, 2), many);
    entries.delete(makeStreamId(1, 1));
    expect(entries.get(makeStreamId(1, 2))).toEqual(many);
    expect(entries.get(makeStreamId(1, 0))).toEqual(many);
  });
});
