import { fc, test as fcTest } from "@fast-check/vitest";
import { encodeResp2 } from "@stratus/core/resp2";
import { encodeResp3 } from "@stratus/core/resp3";
import { describe, test } from "vitest";
import type { EngineReply } from "../kv/backend.ts";
import { toResp2 } from "../kv/memory/convert.ts";
import { ReplyBatch, type ReplySink } from "./reply-batch.ts";
import { plainResp3 } from "./resp3-reply.ts";
import { SlabPool } from "./slab-pool.ts";

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

  test("a script's RESP3 kinds: themselves under RESP3, their RESP2 forms under RESP2 (as toResp2 gives REST)", ({
    expect,
  }) => {
    // The bytes redis-server 7.0 writes for `return {…}` of these tables (redis.setresp(3) for the
    // booleans) to a RESP2 and to a RESP3 client.
    const value: EngineReply = {
      kind: "array",
      items: [
        { kind: "double", value: 1.5, text: "1.5" },
        { kind: "boolean", value: true },
        { kind: "boolean", value: false },
        { kind: "big-number", text: "12345678901234567890" },
        { kind: "verbatim", format: "txt", value: "h\u0000i" },
        { kind: "map", items: [{ kind: "bulk", value: "a" }, { kind: "null" }] },
        { kind: "set", items: [{ kind: "bulk", value: "m" }] },
      ],
    };
    const write = (protocol: 2 | 3): string => {
      const sink = recordingSink();
      new ReplyBatch(sink).writeReply(value, protocol);
      return sink.writes.join("");
    };
    const resp2 =
      "*7\r\n$3\r\n1.5\r\n:1\r\n:0\r\n$20\r\n12345678901234567890\r\n$3\r\nh\u0000i\r\n*2\r\n$1\r\na\r\n$-1\r\n*1\r\n$1\r\nm\r\n";
    expect(write(2)).toBe(resp2);
    expect(Buffer.from(encodeResp2(toResp2(value))).toString("latin1")).toBe(resp2);
    expect(write(3)).toBe(
      "*7\r\n,1.5\r\n#t\r\n#f\r\n(12345678901234567890\r\n=7\r\ntxt:h\u0000i\r\n%1\r\n$1\r\na\r\n_\r\n~1\r\n$1\r\nm\r\n",
    );
  });

  test("a reply nested far deeper than the call stack goes is written whole", ({ expect }) => {
    let value: EngineReply = { kind: "integer", value: 1 };
    for (let level = 0; level < 100_000; level++) {
      value = { kind: "array", items: [value, { kind: "null" }] };
    }
    const sink = recordingSink();
    new ReplyBatch(sink).writeReply(value, 3);
    expect(sink.writes.join("")).toBe(
      `${"*2\r\n".repeat(100_000)}:1\r\n${"_\r\n".repeat(100_000)}`,
    );
  });

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

/**
 * A socket whose writes complete only when `complete` is called, as the kernel's would later: it
 * keeps the written views themselves (not copies) and reads them at completion, so a slab reused
 * too early shows as wrong bytes.
 */
function lazySink(): ReplySink & { complete(): void; text(): string } {
  const queued: { bytes: Uint8Array; callback: ((error?: Error | null) => void) | undefined }[] =
    [];
  const written: string[] = [];
  return {
    destroyed: false,
    cork(): void {},
    uncork(): void {},
    write(bytes: Uint8Array, callback?: (error?: Error | null) => void): boolean {
      queued.push({ bytes, callback });
      return true;
    },
    complete(): void {
      for (const { bytes, callback } of queued.splice(0)) {
        written.push(Buffer.from(bytes).toString("latin1"));
        callback?.();
      }
    },
    text: () => written.join(""),
  } as ReplySink & { complete(): void; text(): string };
}

describe("ReplyBatch's slabs", () => {
  /** One byte repeated: cheap to make, and a slab overwritten too early shows another value's byte. */
  const repeated = (min: number, max: number): fc.Arbitrary<string> =>
    fc
      .record({ code: fc.integer({ min: 0, max: 255 }), length: fc.integer({ min, max }) })
      .map(({ code, length }) => String.fromCharCode(code).repeat(length));

  fcTest.prop([
    fc.array(
      fc.array(
        fc.oneof(
          { arbitrary: fc.string({ unit: "binary", maxLength: 64 }).map(latin1), weight: 8 },
          { arbitrary: repeated(3000, 12_000), weight: 8 },
          // Now and then one past 256 KiB: a pooled part of its own.
          { arbitrary: repeated(256 * 1024, 300 * 1024), weight: 1 },
        ),
        { maxLength: 16 },
      ),
      { maxLength: 12 },
    ),
    fc.integer({ min: 1, max: 4 }),
  ])(
    "a slab is reused only after the socket has written it: the bytes stay the replies'",
    (batches, completeEvery) => {
      const pool = new SlabPool({ maxIdleBytes: 1024 * 1024 });
      const sink = lazySink();
      const batch = new ReplyBatch(sink, pool);
      let expected = "";
      batches.forEach((values, index) => {
        batch.open();
        for (const value of values) {
          batch.writeReply({ kind: "bulk", value });
          expected += `$${value.length}\r\n${value}\r\n`;
        }
        batch.close();
        if (index % completeEvery === 0) {
          sink.complete();
        }
      });
      sink.complete();
      return sink.text() === expected;
    },
  );

  test("a busy connection's full slabs go back to the pool once written, and serve again", ({
    expect,
  }) => {
    /** Every distinct slab the pool handed out. */
    class CountingPool extends SlabPool {
      readonly handedOut = new Set<Buffer>();
      override take(bytes: number): Buffer {
        const slab = super.take(bytes);
        this.handedOut.add(slab);
        return slab;
      }
    }
    const pool = new CountingPool({ maxIdleBytes: 1024 * 1024 });
    const sink = lazySink();
    const batch = new ReplyBatch(sink, pool);
    const value = "v".repeat(10_148);
    const pipeline = (): void => {
      batch.open();
      for (let i = 0; i < 16; i++) {
        batch.writeReply({ kind: "bulk", value });
      }
      batch.close();
    };
    pipeline();
    expect(pool.idleBytes).toBe(0);
    sink.complete();
    expect(pool.idleBytes).toBeGreaterThan(0);
    pipeline();
    sink.complete();
    const slabs = pool.handedOut.size;
    // Later batches take those slabs instead of new ones.
    for (let round = 0; round < 8; round++) {
      pipeline();
      sink.complete();
    }
    expect(pool.handedOut.size).toBe(slabs);
    // A closed socket gives back what the connection still held.
    const idle = pool.idleBytes;
    batch.release();
    expect(pool.idleBytes).toBeGreaterThan(idle);
  });

  test("a failed write's slabs are not reused", ({ expect }) => {
    const pool = new SlabPool({ maxIdleBytes: 1024 * 1024 });
    const failures: ((error?: Error | null) => void)[] = [];
    const sink = {
      destroyed: false,
      cork(): void {},
      uncork(): void {},
      write(_bytes: Uint8Array, callback?: (error?: Error | null) => void): boolean {
        if (callback !== undefined) {
          failures.push(callback);
        }
        return true;
      },
    } as ReplySink;
    const batch = new ReplyBatch(sink, pool);
    batch.open();
    for (let i = 0; i < 16; i++) {
      batch.writeReply({ kind: "bulk", value: "x".repeat(10_000) });
    }
    batch.close();
    expect(failures.length).toBe(1);
    failures[0]?.(new Error("EPIPE"));
    expect(pool.idleBytes).toBe(0);
  });
});
