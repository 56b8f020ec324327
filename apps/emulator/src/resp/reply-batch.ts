/**
 * The replies of one batch of pipelined requests, written into one growing buffer and sent with one
 * socket write when the batch ends (Redis too fills a client's reply buffer while it processes the
 * query buffer, and writes it once, in beforeSleep's handleClientsWithPendingWrites). One write of
 * one buffer costs far less than a corked socket's writev of a buffer per reply, and encoding the
 * engine's replies straight into that buffer (`writeReply`) spares a `Resp2Value`, with a Buffer per
 * bulk string, per reply.
 */
import type { Socket } from "node:net";
import { binaryToUtf8 } from "../kv/argv.ts";
import { type EngineReply, type Resp3Reply, resp2Form } from "../kv/backend.ts";
import { replySlabs, SLAB_BYTES, type SlabPool } from "./slab-pool.ts";

/** What the batch needs of its socket. */
export type ReplySink = Pick<Socket, "write" | "destroyed" | "cork" | "uncork">;
/** Bytes this long are sent as they are, not copied into the buffer. */
const LARGE_BYTES = 4096;
/**
 * A bulk string this long gets a part of its own; shorter ones go into the buffer, which then grows
 * to hold a few of them, so that a pipeline of 10 KB values leaves in a few large parts.
 */
const OWN_PART_BYTES = 256 * 1024;
/** A bulk string's own part up to this size is a pooled slab; a larger one is allocated for it. */
const POOLED_PART_BYTES = 4 * 1024 * 1024;
/** How many replies of the size that did not fit the next buffer is made to hold. */
const REPLIES_PER_BUFFER = 4;
/** Below this length a loop of `charCodeAt` beats the native Latin-1 write's call. */
const SHORT_STRING = 48;
/**
 * How each protocol writes the engine's two nulls (RESP3 has one null for both), and whether it
 * writes a script's RESP3 kinds as themselves or in their RESP2 forms.
 */
const PROTOCOLS = {
  2: { nullBulk: "$-1\r\n", nullArray: "*-1\r\n", isResp3: false },
  3: { nullBulk: "_\r\n", nullArray: "_\r\n", isResp3: true },
} as const;
type Protocol = (typeof PROTOCOLS)[2 | 3];
type Aggregate = Extract<EngineReply, { readonly items: readonly EngineReply[] }>;

function isAggregate(reply: EngineReply): reply is Aggregate {
  return reply.kind === "array" || reply.kind === "map" || reply.kind === "set";
}
const CR = 0x0d;
const DOLLAR = 0x24;
const ZERO = 0x30;
const LF = 0x0a;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/**
 * Replies are written into a buffer (a slab) taken from a pool; what a batch leaves unused serves
 * the next one. A full slab is retired, and goes back to the pool when the socket has written the
 * first flush after it (writes complete in order, so every part of it has left by then): a busy
 * connection in its steady state allocates nothing. A connection that never answers takes none.
 */
export class ReplyBatch {
  readonly #socket: ReplySink;
  readonly #pool: SlabPool;
  /** Sealed parts of the batch, in order, before the buffer's unsent part. */
  #chunks: Uint8Array[] = [];
  #chunkBytes = 0;
  #slab: Buffer = Buffer.alloc(0);
  /** Full slabs whose last parts have not been handed to the socket yet. */
  #retiring: Buffer[] = [];
  /** Per flush that carries a write callback, in write order: the slabs it frees once written. */
  readonly #awaiting: Buffer[][] = [];
  /** The callback of such a flush's last write (one function per batch, not a closure per write). */
  readonly #onWritten = (error?: Error | null): void => {
    const slabs = this.#awaiting.shift();
    if (slabs === undefined || (error !== undefined && error !== null)) {
      // A failed write may leave the kernel's side unknown: its slabs are not reused.
      return;
    }
    for (const slab of slabs) {
      this.#pool.give(slab);
    }
  };
  /** Where the batch's part of the buffer starts (what comes before it was sent). */
  #start = 0;
  #position = 0;
  #isOpen = false;

  constructor(socket: ReplySink, pool: SlabPool = replySlabs) {
    this.#socket = socket;
    this.#pool = pool;
  }

  /** Bytes written since the last flush, not yet handed to the socket. */
  get pendingBytes(): number {
    return this.#chunkBytes + this.#position - this.#start;
  }

  /** From now until `close`, writes are held for one write at the end. */
  open(): void {
    this.#isOpen = true;
  }

  /** Writes encoded bytes. */
  write(bytes: Uint8Array): void {
    if (bytes.byteLength >= LARGE_BYTES) {
      // Sent as it is: copying it into the buffer would cost more than a second part.
      this.#seal();
      this.#chunks.push(bytes);
      this.#chunkBytes += bytes.byteLength;
    } else {
      this.#reserve(bytes.byteLength);
      this.#slab.set(bytes, this.#position);
      this.#position += bytes.byteLength;
    }
    this.#afterWrite();
  }

  /**
   * Writes an engine reply as RESP2, byte for byte what `encodeResp2(toResp2(reply))` gives:
   * binary strings as their bytes, simple strings and errors as UTF-8 with CR and LF as spaces.
   * Under `protocol` 3 the nulls are RESP3's `_`, as `encodeResp3(plainResp3(…))` writes them: the
   * RESP3 form of a reply whose command has no RESP3 shape of its own; a script's RESP3 kinds are
   * written as RESP3 types there, and in their RESP2 forms (`resp2Form`) under RESP2. Returns the
   * bytes written.
   * @throws {RangeError} for an integer outside 64 bits, as the encoder does.
   */
  writeReply(reply: EngineReply, protocol: 2 | 3 = 2): number {
    const before = this.pendingBytes;
    this.#encode(reply, PROTOCOLS[protocol]);
    const written = this.pendingBytes - before;
    this.#afterWrite();
    return written;
  }

  /** Hands what is held to the socket, as one buffer; the batch stays open. */
  flush(): void {
    this.#seal();
    const chunks = this.#chunks;
    if (chunks.length === 0) {
      return;
    }
    const total = this.#chunkBytes;
    this.#chunks = [];
    this.#chunkBytes = 0;
    if (this.#socket.destroyed) {
      // Nothing is written: slabs a write may still hold are left to the garbage collector.
      this.#retiring = [];
      return;
    }
    const onWritten = this.#freesRetiring();
    if (chunks.length === 1 || total < LARGE_BYTES) {
      this.#socket.write(
        chunks.length === 1 ? (chunks[0] as Uint8Array) : Buffer.concat(chunks, total),
        onWritten,
      );
      return;
    }
    // Large parts (a full buffer, a big value): one writev of them all, none copied again.
    this.#socket.cork();
    const last = chunks.length - 1;
    for (let i = 0; i < last; i++) {
      this.#socket.write(chunks[i] as Uint8Array);
    }
    this.#socket.write(chunks[last] as Uint8Array, onWritten);
    this.#socket.uncork();
  }

  /**
   * The socket has closed (its writes are done or cancelled): the slabs go back to the pool. Later
   * writes, if any, take a new one.
   */
  release(): void {
    this.#chunks = [];
    this.#chunkBytes = 0;
    this.#awaiting.length = 0;
    for (const slab of [...this.#retiring, this.#slab]) {
      this.#pool.give(slab);
    }
    this.#retiring = [];
    this.#slab = Buffer.alloc(0);
    this.#start = 0;
    this.#position = 0;
  }

  /** The retired slabs this flush's writes free once written: the callback, if there are any. */
  #freesRetiring(): ((error?: Error | null) => void) | undefined {
    if (this.#retiring.length === 0) {
      return undefined;
    }
    this.#awaiting.push(this.#retiring);
    this.#retiring = [];
    return this.#onWritten;
  }

  /** Flushes and ends the batch: later writes go to the socket at once. */
  close(): void {
    this.flush();
    this.#isOpen = false;
  }

  #afterWrite(): void {
    if (!this.#isOpen) {
      this.flush();
    }
  }

  /** Moves the buffer's unsent part to the sealed parts; the buffer's rest serves what follows. */
  #seal(): void {
    if (this.#position > this.#start) {
      this.#chunks.push(this.#slab.subarray(this.#start, this.#position));
      this.#chunkBytes += this.#position - this.#start;
      this.#start = this.#position;
    }
  }

  /** Room for `bytes` more in the buffer: a new one when this one is full. */
  #reserve(bytes: number): void {
    if (this.#position + bytes <= this.#slab.length) {
      return;
    }
    this.#seal();
    if (this.#slab.length > 0) {
      this.#retiring.push(this.#slab);
    }
    this.#slab = this.#pool.take(Math.max(SLAB_BYTES, bytes * REPLIES_PER_BUFFER));
    this.#start = 0;
    this.#position = 0;
  }

  /**
   * Aggregates are walked with a stack of their own, not by recursion: a reply may nest thousands
   * of levels (a JSON document's JSON.RESP), more than the call stack holds.
   */
  #encode(reply: EngineReply, protocol: Protocol): void {
    if (!isAggregate(reply)) {
      this.#leaf(reply, protocol);
      return;
    }
    this.#header(reply, protocol);
    /** The enclosing aggregates' items and where each resumes, in pairs (made for nesting only). */
    let outer: (readonly EngineReply[] | number)[] | undefined;
    let items = reply.items;
    let index = 0;
    for (;;) {
      if (index === items.length) {
        if (outer === undefined || outer.length === 0) {
          return;
        }
        index = outer.pop() as number;
        items = outer.pop() as readonly EngineReply[];
        continue;
      }
      const item = items[index++] as EngineReply;
      if (isAggregate(item)) {
        this.#header(item, protocol);
        outer ??= [];
        outer.push(items, index);
        items = item.items;
        index = 0;
      } else {
        this.#leaf(item, protocol);
      }
    }
  }

  /** An aggregate's header; a script's map and set are RESP3's `%` and `~`, in RESP2 arrays. */
  #header(reply: Aggregate, protocol: Protocol): void {
    const length = reply.items.length;
    this.#ascii(
      !protocol.isResp3 || reply.kind === "array"
        ? `*${length}\r\n`
        : reply.kind === "map"
          ? `%${length / 2}\r\n`
          : `~${length}\r\n`,
    );
  }

  #leaf(reply: Exclude<EngineReply, Aggregate>, protocol: Protocol): void {
    switch (reply.kind) {
      case "simple":
        this.#line(0x2b, reply.value);
        return;
      case "error":
        this.#line(0x2d, reply.message);
        return;
      case "integer":
        this.#integer(reply.value);
        return;
      case "bulk":
        this.#bulk(reply.value);
        return;
      case "null":
        this.#ascii(protocol.nullBulk);
        return;
      case "null-array":
        this.#ascii(protocol.nullArray);
        return;
      default:
        if (protocol.isResp3) {
          this.#resp3Leaf(reply);
        } else {
          // A script's RESP3 type under RESP2: a bulk string or an integer.
          this.#leaf(resp2Form(reply) as Exclude<EngineReply, Aggregate>, protocol);
        }
    }
  }

  /** A script's other RESP3 types (src/networking.c addReplyDouble & co.). */
  #resp3Leaf(reply: Exclude<Resp3Reply, Aggregate>): void {
    switch (reply.kind) {
      case "double":
        this.#ascii(`,${reply.text}\r\n`);
        return;
      case "boolean":
        this.#ascii(reply.value ? "#t\r\n" : "#f\r\n");
        return;
      case "big-number":
        this.#ascii(`(${reply.text}\r\n`);
        return;
      case "verbatim":
        this.#ascii(`=${reply.value.length + 4}\r\n${reply.format}:${reply.value}\r\n`);
        return;
      default:
        reply satisfies never;
    }
  }

  /** `$<length>\r\n<bytes>\r\n`. */
  #bulk(value: string): void {
    const length = value.length;
    if (length >= OWN_PART_BYTES) {
      // A part of its own: the buffer's room stays for the small replies around it. Up to
      // POOLED_PART_BYTES it is a pooled slab too, retired at once (its only part is this one).
      const header = `$${length}\r\n`;
      const bytes = header.length + length + 2;
      const slab = bytes <= POOLED_PART_BYTES ? this.#pool.take(bytes) : Buffer.allocUnsafe(bytes);
      const part = slab.subarray(0, bytes);
      part.write(header, 0, "latin1");
      part.write(value, header.length, length, "latin1");
      part[part.length - 2] = CR;
      part[part.length - 1] = LF;
      this.#seal();
      if (bytes <= POOLED_PART_BYTES) {
        this.#retiring.push(slab);
      }
      this.#chunks.push(part);
      this.#chunkBytes += part.length;
      return;
    }
    this.#reserve(length + 16);
    const slab = this.#slab;
    slab[this.#position] = DOLLAR;
    let position = this.#writeDigits(length, this.#position + 1);
    slab[position++] = CR;
    slab[position++] = LF;
    if (length < SHORT_STRING) {
      for (let i = 0; i < length; i++) {
        slab[position++] = value.charCodeAt(i);
      }
    } else {
      position += slab.write(value, position, length, "latin1");
    }
    slab[position++] = CR;
    slab[position++] = LF;
    this.#position = position;
  }

  /** `:<n>\r\n`, refusing what RESP2's signed 64 bits cannot hold (as core's encoder does). */
  #integer(value: number | bigint): void {
    if (typeof value === "number" && Number.isSafeInteger(value)) {
      this.#ascii(`:${value}\r\n`);
      return;
    }
    const big = BigInt(value);
    if (big < INT64_MIN || big > INT64_MAX) {
      throw new RangeError(`A RESP2 integer must fit in 64 bits, got ${big}`);
    }
    this.#ascii(`:${big}\r\n`);
  }

  /**
   * A `+` or `-` line. Core's model holds these as text (the engine's bytes read as UTF-8) and its
   * encoder writes CR and LF as spaces (see `encodeResp2`): plain ASCII is already that.
   */
  #line(type: number, value: string): void {
    let isPlain = true;
    for (let i = 0; i < value.length; i++) {
      const code = value.charCodeAt(i);
      if (code >= 0x80 || code === CR || code === LF) {
        isPlain = false;
        break;
      }
    }
    const text = isPlain ? value : binaryToUtf8(value).replace(/[\r\n]/g, " ");
    const bytes = isPlain ? value.length : Buffer.byteLength(text, "utf8");
    this.#reserve(bytes + 3);
    this.#slab[this.#position++] = type;
    this.#position += this.#slab.write(text, this.#position, bytes, isPlain ? "latin1" : "utf8");
    this.#slab[this.#position++] = CR;
    this.#slab[this.#position++] = LF;
  }

  /** A text of single-byte characters (ASCII, or a binary string's bytes), as its bytes. */
  #ascii(text: string): void {
    this.#reserve(text.length);
    this.#position = this.#writeAscii(text);
  }

  /**
   * Writes a length's decimal digits at `position` (room reserved), without making its text;
   * returns the position after them.
   */
  #writeDigits(value: number, position: number): number {
    const slab = this.#slab;
    let digits = 1;
    for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) {
      digits++;
    }
    let rest = value;
    for (let at = position + digits - 1; at >= position; at--) {
      slab[at] = ZERO + (rest % 10);
      rest = Math.floor(rest / 10);
    }
    return position + digits;
  }

  /** Writes a short ASCII text at the position (room reserved); returns the position after it. */
  #writeAscii(text: string): number {
    const slab = this.#slab;
    let position = this.#position;
    for (let i = 0; i < text.length; i++) {
      slab[position++] = text.charCodeAt(i);
    }
    return position;
  }
}
