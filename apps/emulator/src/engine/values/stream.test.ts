/**
 * The stream ID codec (Redis's `string2ull` and `streamIncrID` rules) and `IdMap` against a model
 * (a sorted array), over random operation sequences.
 */
import { fc, test as fcTest } from "@fast-check/vitest";
import { describe, test } from "vitest";
import {
  formatStreamId,
  IdMap,
  MAX_STREAM_ID,
  MIN_STREAM_ID,
  makeStreamId,
  nextStreamId,
  parseStreamId,
  parseU64,
  previousStreamId,
  type StreamId,
  StreamValue,
} from "./stream.ts";

describe("stream IDs", () => {
  test("parse like string2ull: strtoull's spaces, signs and leading zeros", ({ expect }) => {
    expect(parseU64("0")).toBe(0);
    expect(parseU64("007")).toBe(7);
    expect(parseU64(" +7")).toBe(7);
    expect(parseU64("-0")).toBe(0);
    expect(parseU64("-5")).toBeUndefined();
    expect(parseU64("-18446744073709551615")).toBe(1);
    expect(parseU64("18446744073709551615")).toBe(18446744073709551615n);
    expect(parseU64("18446744073709551616")).toBeUndefined();
    expect(parseU64("")).toBeUndefined();
    expect(parseU64("1x")).toBeUndefined();
    expect(parseU64("7 ")).toBeUndefined();
  });

  test("ms, ms-seq, ms-*, - and +", ({ expect }) => {
    const show = (text: string, syntax = {}) => {
      const parsed = parseStreamId(text, syntax);
      return parsed && [formatStreamId(parsed.id), parsed.seqGiven];
    };
    expect(show("5")).toEqual(["5-0", true]);
    expect(show("5", { missingSeq: "max" })).toEqual(["5-18446744073709551615", true]);
    expect(show("5-3")).toEqual(["5-3", true]);
    expect(show("5-*")).toBeUndefined();
    expect(show("5-*", { allowSeqStar: true })).toEqual(["5-0", false]);
    expect(show("-")).toEqual(["0-0", true]);
    expect(show("+")).toEqual(["18446744073709551615-18446744073709551615", true]);
    expect(show("+", { strict: true })).toBeUndefined();
    expect(show("5-3\u0000junk")).toEqual(["5-3", true]);
    expect(show("1".repeat(128))).toBeUndefined();
    expect(show("-1")).toBeUndefined();
  });

  test("successor and predecessor carry between the parts", ({ expect }) => {
    const max = 18446744073709551615n;
    expect(formatStreamId(nextStreamId(makeStreamId(1, max)) ?? "")).toBe("2-0");
    expect(formatStreamId(previousStreamId(makeStreamId(2, 0)) ?? "")).toBe(`1-${max}`);
    expect(nextStreamId(MAX_STREAM_ID)).toBeUndefined();
    expect(previousStreamId(MIN_STREAM_ID)).toBeUndefined();
  });

  fcTest.prop([
    fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
    // Sequences near the low word's and the whole part's carries, and anywhere.
    fc.oneof(
      fc.bigInt({ min: 2n ** 32n - 3n, max: 2n ** 32n + 2n }),
      fc.bigInt({ min: 2n ** 64n - 3n, max: 2n ** 64n - 1n }),
      fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
    ),
  ])("the successor is the next ID in numeric order (streamIncrID)", (ms, seq) => {
    const next = nextStreamId(makeStreamId(ms, seq));
    if (seq < 2n ** 64n - 1n) {
      return next === makeStreamId(ms, seq + 1n);
    }
    return ms < 2n ** 64n - 1n ? next === makeStreamId(ms + 1n, 0) : next === undefined;
  });

  fcTest.prop([
    fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
    fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
  ])("encoding keeps numeric order and round-trips through text", (ms, seq) => {
    const id = makeStreamId(ms, seq);
    const parsed = parseStreamId(formatStreamId(id));
    return parsed?.id === id && formatStreamId(id) === `${ms}-${seq}`;
  });
});

/** Operations on the map and on a sorted array of keys. */
type Operation = { kind: "set"; key: number } | { kind: "delete"; key: number };

const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ kind: fc.constant("set" as const), key: fc.integer({ min: 0, max: 400 }) }),
  fc.record({ kind: fc.constant("delete" as const), key: fc.integer({ min: 0, max: 400 }) }),
);

const smallId = (key: number): StreamId => makeStreamId(key, 0);
/** Above 2^53 neighbouring IDs round to the same doubles, so the exact tie-break decides. */
const hugeId = (key: number): StreamId => makeStreamId(2n ** 60n + BigInt(key), 2n ** 62n);
let idOf = smallId;

describe("IdMap", () => {
  fcTest.prop([
    fc.array(operation, { maxLength: 400 }),
    fc.integer({ min: 2, max: 8 }),
    fc.boolean(),
  ])("agrees with a sorted array, for small and for huge IDs", (operations, capacity, isHuge) => {
    idOf = isHuge ? hugeId : smallId;
    const map = new IdMap<number>(capacity);
    let model: number[] = [];
    for (const op of operations) {
      if (op.kind === "set") {
        map.set(idOf(op.key), op.key);
        if (!model.includes(op.key)) {
          model = [...model, op.key].sort((a, b) => a - b);
        }
      } else {
        const existed = model.includes(op.key);
        if (map.delete(idOf(op.key)) !== existed) {
          return false;
        }
        model = model.filter((key) => key !== op.key);
      }
    }
    const seen: number[] = [];
    map.scan({ from: MIN_STREAM_ID, to: MAX_STREAM_ID }, (_id, value) => {
      seen.push(value);
      return true;
    });
    const reversed: number[] = [];
    map.scan({ from: idOf(100), to: idOf(300), reverse: true }, (_id, value) => {
      reversed.push(value);
      return true;
    });
    const probe = (key: number) => ({
      ceiling: map.ceiling(idOf(key)),
      floor: map.floor(idOf(key)),
      higher: map.higher(idOf(key)),
    });
    const expected = (key: number) => ({
      ceiling: model.find((k) => k >= key),
      floor: model.findLast((k) => k <= key),
      higher: model.find((k) => k > key),
    });
    const same = [0, 50, 123, 200, 399, 401].every((key) => {
      const got = probe(key);
      const want = expected(key);
      return (
        got.ceiling === (want.ceiling === undefined ? undefined : idOf(want.ceiling)) &&
        got.floor === (want.floor === undefined ? undefined : idOf(want.floor)) &&
        got.higher === (want.higher === undefined ? undefined : idOf(want.higher))
      );
    });
    return (
      same &&
      map.size === model.length &&
      JSON.stringify(seen) === JSON.stringify(model) &&
      JSON.stringify(reversed) ===
        JSON.stringify(model.filter((k) => k >= 100 && k <= 300).reverse()) &&
      map.first() === (model[0] === undefined ? undefined : idOf(model[0]))
    );
  });
});

describe("StreamValue", () => {
  test("clone copies groups, consumers and shared pending entries", ({ expect }) => {
    idOf = smallId;
    const stream = new StreamValue();
    stream.append(idOf(1), ["f", "v"]);
    const group = stream.createGroup("g", MIN_STREAM_ID, 0);
    const consumer = group?.createConsumer("c", 5);
    if (group === undefined || consumer === undefined) {
      throw new Error("setup");
    }
    const pending = { consumer, deliveryTime: 5, deliveryCount: 1 };
    group.pel.set(idOf(1), pending);
    consumer.pel.set(idOf(1), pending);
    const copy = stream.clone();
    const copiedGroup = copy.group("g");
    const copiedPending = copiedGroup?.pel.get(idOf(1));
    expect(copiedPending).toEqual(pending);
    expect(copiedPending).not.toBe(pending);
    expect(copiedGroup?.consumers.get("c")?.pel.get(idOf(1))).toBe(copiedPending);
    expect(copy.isEmpty()).toBe(false);
    expect(copy.encoding()).toBe("stream");
  });

  // Whether a string is shared cannot be observed from JS (the profile shows it): what the
  // entries hold must be the arguments, whatever the last entry was.
  test("an entry's fields are its arguments after the last entry's", ({ expect }) => {
    idOf = smallId;
    const stream = new StreamValue();
    stream.append(idOf(1), ["XADD", "s", "*", "sensor", "s-1"], 3);
    const argv = ["XADD", "s", "*", "sensor", "s-2"];
    stream.append(idOf(2), argv, 3);
    // Another shape shares nothing, and the arguments themselves are left as they were.
    stream.append(idOf(3), ["XADD", "s", "*", "sensor", "s-1", "x", "y"], 3);
    expect(stream.entries.get(idOf(2))).toEqual(["sensor", "s-2"]);
    expect(stream.entries.get(idOf(3))).toEqual(["sensor", "s-1", "x", "y"]);
    expect(argv).toEqual(["XADD", "s", "*", "sensor", "s-2"]);
  });
});
