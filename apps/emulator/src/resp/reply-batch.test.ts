import { fc, test as fcTest } from "@fast-check/vitest";
import { encodeResp2 } from "@stratus/core/resp2";
import { encodeResp3 } from "@stratus/core/resp3";
import { describe, test } from "vitest";
import type { EngineReply } from "../kv/backend.ts";
import { toResp2 } from "../kv/memory/convert.ts";
import { ReplyBatch, type ReplySink } from "./reply-batch.ts";
import { plainResp3 } from "./resp3-reply.ts";

/** A socket that records each write's bytes as text. */
function recordingSink(): ReplySink & { writes: string[]; destroyed: boolean } {
  const writes: string[] = [];
  return {
    writes,
    destroyed: false,
    cork(): void {},
    uncork(): void {},
    write(bytes: Uint8Array | string): boolean {
      writes.push(Buffer.from(bytes).toString("latin1"));
      return true;
    },
  } as ReplySink & { writes: string[]; destroyed: boolean };
}

const bytes = (text: string): Uint8Array => Buffer.from(text, "latin1");

describe("ReplyBatch", () => {
  test("an open batch's replies leave as one write, in order, when it closes", ({ expect }) => {
    const sink = recordingSink();
    const batch = new ReplyBatch(sink);
    batch.open();
    batch.write(bytes("+OK\r\n"));
    batch.write(bytes(":1\r\n"));
    batch.write(bytes("$1\r\na\r\n"));
    expect(sink.writes).toEqual([]);
    expect(batch.pendingBytes).toBe(16);
    batch.close();
    expect(sink.writes).toEqual(["+OK\r\n:1\r\n$1\r\na\r\n"]);
    expect(batch.pendingBytes).toBe(0);
  });

  test("flush sends what is held and keeps the batch open", ({ expect }) => {
    const sink = recordingSink();
    const batch = new ReplyBatch(sink);
    batch.open();
    batch.write(bytes("+a\r\n"));
    batch.flush();
    batch.write(bytes("+b\r\n"));
    expect(sink.writes).toEqual(["+a\r\n"]);
    batch.close();
    expect(sink.writes).toEqual(["+a\r\n", "+b\r\n"]);
  });

  test("outside a batch a reply is written at once; an empty batch writes nothing", ({
    expect,
  }) => {
    const sink = recordingSink();
    const batch = new ReplyBatch(sink);
    batch.write(bytes("+pushed\r\n"));
    batch.open();
    batch.close();
    expect(sink.writes).toEqual(["+pushed\r\n"]);
  });

  test("a destroyed socket gets nothing", ({ expect }) => {
    const sink = recordingSink();
    const batch = new ReplyBatch(sink);
    batch.open();
    batch.write(bytes("+OK\r\n"));
    sink.destroyed = true;
    batch.close();
    expect(sink.writes).toEqual([]);
  });
});

/** Engine replies of every kind: binary strings (any byte), text lines, integers, nested arrays. */
const engineReply: fc.Arbitrary<EngineReply> = fc.letrec<{ reply: EngineReply }>((tie) => ({
  reply: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.string({ unit: "binary" }).map((value) => ({ kind: "bulk" as const, value: latin1(value) })),
    fc.string({ unit: "binary", maxLength: 5000, minLength: 4090 }).map((value) => ({
      kind: "bulk" as const,
      value: latin1(value),
    })),
    fc.string().map((value) => ({ kind: "simple" as const, value: latin1(value) })),
    fc.string().map((message) => ({ kind: "error" as const, message: latin1(message) })),
    fc
      .oneof(fc.integer(), fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }))
      .map((value) => ({ kind: "integer" as const, value })),
    fc.constant({ kind: "null" as const }),
    fc.constant({ kind: "null-array" as const }),
    fc.array(tie("reply"), { maxLength: 5 }).map((items) => ({ kind: "array" as const, items })),
  ),
})).reply;

/** Any JS string's low bytes as a binary string (one char per byte). */
function latin1(text: string): string {
  return Buffer.from(text, "utf8").toString("latin1");
}

describe("ReplyBatch.writeReply", () => {
  /** What core's encoders write for each engine reply under each protocol. */
  const encoders = {
    2: (value: EngineReply) => encodeResp2(toResp2(value)),
    3: (value: EngineReply) => encodeResp3(plainResp3(toResp2(value))),
  } as const;

  for (const protocol of [2, 3] as const) {
    fcTest.prop([fc.array(engineReply, { maxLength: 20 })])(
      `writes under RESP${protocol} the bytes core's encoder gives the converted reply, in one batch`,
      (replies) => {
        const sink = recordingSink();
        const batch = new ReplyBatch(sink);
        batch.open();
        let written = 0;
        for (const value of replies) {
          written += batch.writeReply(value, protocol);
        }
        batch.close();
        const expected = replies
          .map((value) => Buffer.from(encoders[protocol](value)).toString("latin1"))
          .join("");
        return sink.writes.join("") === expected && written === expected.length;
      },
    );
  }

  test("an integer outside 64 bits is refused, as the encoder refuses it", ({ expect }) => {
    const batch = new ReplyBatch(recordingSink());
    expect(() => batch.writeReply({ kind: "integer", value: 2n ** 63n })).toThrow(RangeError);
  });
});

test("a bulk string past 256 KiB leaves as a part of its own, between the replies around it", ({
  expect,
}) => {
  const sink = recordingSink();
  const batch = new ReplyBatch(sink);
  const value = "\xff".repeat(300 * 1024);
  batch.open();
  batch.writeReply({ kind: "integer", value: 1 });
  batch.writeReply({ kind: "bulk", value });
  batch.writeReply({ kind: "simple", value: "OK" });
  batch.close();
  // The recording sink keeps each write of the corked writev apart.
  expect(sink.writes).toEqual([":1\r\n", `$${value.length}\r\n${value}\r\n`, "+OK\r\n"]);
});
