import { describe, test } from "vitest";
import { ReplyBatch, type ReplySink } from "./reply-batch.ts";

/** A socket that records each write's bytes as text. */
function recordingSink(): ReplySink & { writes: string[]; destroyed: boolean } {
  const writes: string[] = [];
  return {
    writes,
    destroyed: false,
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
