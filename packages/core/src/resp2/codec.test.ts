/**
 * Properties over arbitrary `Resp2Value`s: the encoder and both decoders agree, however the bytes
 * are split into chunks.
 */
import { fc, test as fcTest } from "@fast-check/vitest";
import { describe } from "vitest";
import { decodeResp2 } from "./decode.ts";
import { encodeResp2 } from "./encode.ts";
import { Resp2StreamDecoder } from "./stream-decoder.ts";
import type { Resp2Value } from "./value.ts";

/** Text without CR and LF, which the encoder would replace (tested in encode.test.ts). */
const lineText = fc
  .string({ unit: "grapheme", maxLength: 20 })
  .map((text) => text.replace(/[\r\n]/g, ""));

/** Any `Resp2Value` the decoder accepts: 64-bit integers, shallow enough for the depth limit. */
const { value: resp2Value } = fc.letrec<{ value: Resp2Value; array: Resp2Value }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    lineText.map((value): Resp2Value => ({ kind: "simple", value })),
    lineText.map((message): Resp2Value => ({ kind: "error", message })),
    fc
      .bigInt(-(2n ** 63n), 2n ** 63n - 1n)
      .map((value): Resp2Value => ({ kind: "integer", value })),
    fc.uint8Array({ maxLength: 40 }).map((value): Resp2Value => ({ kind: "bulk", value })),
    fc.constant<Resp2Value>({ kind: "null" }),
    fc.constant<Resp2Value>({ kind: "null-array" }),
    tie("array"),
  ),
  array: fc
    .array(tie("value"), { maxLength: 5 })
    .map((items): Resp2Value => ({ kind: "array", items })),
}));

/** Structural equality of values (bytes by content). */
function sameValue(a: Resp2Value, b: Resp2Value): boolean {
  switch (a.kind) {
    case "simple":
      return b.kind === "simple" && a.value === b.value;
    case "error":
      return b.kind === "error" && a.message === b.message;
    case "integer":
      return b.kind === "integer" && a.value === b.value;
    case "bulk":
      return (
        b.kind === "bulk" &&
        a.value.length === b.value.length &&
        a.value.every((byte, i) => byte === b.value[i])
      );
    case "null":
    case "null-array":
      return a.kind === b.kind;
    case "array":
      return (
        b.kind === "array" &&
        a.items.length === b.items.length &&
        a.items.every((item, i) => {
          const other = b.items[i];
          return other !== undefined && sameValue(item, other);
        })
      );
    default:
      return false;
  }
}

function sameValues(a: readonly Resp2Value[], b: readonly Resp2Value[]): boolean {
  return (
    a.length === b.length &&
    a.every((value, i) => {
      const other = b[i];
      return other !== undefined && sameValue(value, other);
    })
  );
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}

/** Splits `bytes` at the given cut points (taken modulo its length, in any order). */
function split(bytes: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let start = 0;
  for (const point of points) {
    chunks.push(bytes.subarray(start, point));
    start = point;
  }
  chunks.push(bytes.subarray(start));
  return chunks;
}

describe("encodeResp2 → decodeResp2", () => {
  fcTest.prop([resp2Value])("round-trips every value", (value) => {
    const bytes = encodeResp2(value);
    const result = decodeResp2(bytes);
    return (
      result.status === "complete" &&
      result.offset === bytes.length &&
      sameValue(result.value, value)
    );
  });

  fcTest.prop([resp2Value, fc.uint8Array({ maxLength: 10 })])(
    "stops at the end of the frame, whatever follows",
    (value, rest) => {
      const frame = encodeResp2(value);
      const result = decodeResp2(concat([frame, rest]));
      return result.status === "complete" && result.offset === frame.length;
    },
  );

  fcTest.prop([resp2Value])("finds every strict prefix of a frame incomplete", (value) => {
    const bytes = encodeResp2(value);
    for (let end = 0; end < bytes.length; end++) {
      if (decodeResp2(bytes.subarray(0, end)).status !== "incomplete") {
        return false;
      }
    }
    return true;
  });
});

describe("Resp2StreamDecoder", () => {
  fcTest.prop([fc.array(resp2Value, { maxLength: 8 }), fc.array(fc.nat(), { maxLength: 12 })])(
    "decodes any split of a stream as decodeResp2 decodes it whole",
    (values, cuts) => {
      const stream = concat(values.map(encodeResp2));
      const whole: Resp2Value[] = [];
      for (let offset = 0; offset < stream.length; ) {
        const result = decodeResp2(stream, offset);
        if (result.status !== "complete") {
          return false;
        }
        whole.push(result.value);
        offset = result.offset;
      }
      const decoder = new Resp2StreamDecoder();
      const streamed = split(stream, cuts).flatMap((chunk) => decoder.push(chunk));
      return (
        sameValues(whole, values) && sameValues(streamed, values) && decoder.bufferedBytes === 0
      );
    },
  );

  fcTest.prop([fc.array(resp2Value, { maxLength: 4 })])(
    "decodes a stream fed byte by byte",
    (values) => {
      const stream = concat(values.map(encodeResp2));
      const decoder = new Resp2StreamDecoder();
      const streamed: Resp2Value[] = [];
      for (let i = 0; i < stream.length; i++) {
        streamed.push(...decoder.push(stream.subarray(i, i + 1)));
      }
      return sameValues(streamed, values);
    },
  );
});
