/**
 * The RESP2 encoder. Each call sizes its output first and writes into one `Uint8Array`, so a
 * reply of any shape costs one allocation and no concatenation.
 */
import { StratusCoreError } from "../errors.ts";
import { Byte, utf8Length, writeUtf8 } from "./bytes.ts";
import { INT64_MAX, INT64_MIN } from "./decimal.ts";
import type { Resp2Value } from "./value.ts";

/** `$-1\r\n` and `*-1\r\n` are both five bytes. */
const NULL_LENGTH = 5;
/** A type byte plus CRLF: the framing around every header line. */
const LINE_OVERHEAD = 3;

/** The number of decimal digits of a non-negative safe integer. */
function digitCount(value: number): number {
  let count = 1;
  for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) {
    count++;
  }
  return count;
}

/** Checks that an integer reply fits RESP2's signed 64 bits, which the decoder requires too. */
function integerText(value: bigint): string {
  if (value < INT64_MIN || value > INT64_MAX) {
    throw new StratusCoreError(`A RESP2 integer must fit in 64 bits, got ${value}`);
  }
  return value.toString();
}

/** How many bytes `encodeResp2(value)` produces. */
function encodedLength(value: Resp2Value): number {
  switch (value.kind) {
    case "simple":
      return LINE_OVERHEAD + utf8Length(value.value);
    case "error":
      return LINE_OVERHEAD + utf8Length(value.message);
    case "integer":
      return LINE_OVERHEAD + integerText(value.value).length;
    case "bulk":
      return LINE_OVERHEAD + digitCount(value.value.length) + value.value.length + 2;
    case "null":
    case "null-array":
      return NULL_LENGTH;
    case "array": {
      let length = LINE_OVERHEAD + digitCount(value.items.length);
      for (const item of value.items) {
        length += encodedLength(item);
      }
      return length;
    }
    default:
      return assertNever(value);
  }
}

/** The output buffer and the write position, threaded through the recursive writer. */
interface Writer {
  readonly bytes: Uint8Array;
  position: number;
}

function writeCrlf(writer: Writer): void {
  writer.bytes[writer.position++] = Byte.CR;
  writer.bytes[writer.position++] = Byte.LF;
}

/** Writes `<type><decimal>\r\n`, the header of bulks and arrays. */
function writeHeader(writer: Writer, type: number, value: number): void {
  const { bytes } = writer;
  bytes[writer.position++] = type;
  const end = writer.position + digitCount(value);
  let rest = value;
  for (let i = end - 1; i >= writer.position; i--) {
    bytes[i] = 0x30 + (rest % 10);
    rest = Math.floor(rest / 10);
  }
  writer.position = end;
  writeCrlf(writer);
}

/**
 * Writes a `+` or `-` line. RESP2 ends these lines at the first CR or LF, so a CR or LF inside the
 * text would end the reply early and inject the rest as a new one; Redis's `addReplyErrorFormat`
 * maps them to spaces (`sdsmapchars(s, "\r\n", "  ", 2)`), and so do we, for both kinds. UTF-8
 * never uses the bytes 0x0A or 0x0D inside a multi-byte sequence, so replacing bytes is safe.
 */
function writeLine(writer: Writer, type: number, text: string): void {
  const { bytes } = writer;
  bytes[writer.position++] = type;
  const start = writer.position;
  writer.position = writeUtf8(bytes, start, text);
  for (let i = start; i < writer.position; i++) {
    if (bytes[i] === Byte.CR || bytes[i] === Byte.LF) {
      bytes[i] = Byte.SPACE;
    }
  }
  writeCrlf(writer);
}

function writeValue(writer: Writer, value: Resp2Value): void {
  const { bytes } = writer;
  switch (value.kind) {
    case "simple":
      writeLine(writer, Byte.PLUS, value.value);
      return;
    case "error":
      writeLine(writer, Byte.MINUS, value.message);
      return;
    case "integer": {
      const text = integerText(value.value);
      bytes[writer.position++] = Byte.COLON;
      for (let i = 0; i < text.length; i++) {
        bytes[writer.position++] = text.charCodeAt(i);
      }
      writeCrlf(writer);
      return;
    }
    case "bulk":
      writeHeader(writer, Byte.DOLLAR, value.value.length);
      bytes.set(value.value, writer.position);
      writer.position += value.value.length;
      writeCrlf(writer);
      return;
    case "null":
    case "null-array":
      // `$-1` and `*-1`: RESP2's two nulls differ only in their type byte.
      bytes[writer.position++] = value.kind === "null" ? Byte.DOLLAR : Byte.STAR;
      bytes[writer.position++] = Byte.MINUS;
      bytes[writer.position++] = 0x31;
      writeCrlf(writer);
      return;
    case "array":
      writeHeader(writer, Byte.STAR, value.items.length);
      for (const item of value.items) {
        writeValue(writer, item);
      }
      return;
    default:
      assertNever(value);
  }
}

/**
 * Encodes a value as the exact bytes Redis sends: `+OK\r\n`, `-ERR x\r\n`, `:1\r\n`,
 * `$3\r\nfoo\r\n`, `$-1\r\n`, `*-1\r\n`, `*2\r\n…`.
 *
 * CR and LF inside a simple string or an error message are written as spaces, since they would
 * otherwise end the line early (Redis does the same for error replies).
 *
 * @throws {StratusCoreError} if an integer does not fit in a signed 64-bit integer.
 * @example
 * encodeResp2(Resp2.array([Resp2.bulk("a"), Resp2.null])); // "*2\r\n$1\r\na\r\n$-1\r\n"
 */
export function encodeResp2(value: Resp2Value): Uint8Array {
  const writer: Writer = { bytes: new Uint8Array(encodedLength(value)), position: 0 };
  writeValue(writer, value);
  return writer.bytes;
}

/**
 * Encodes a request as a RESP2 multibulk, `*<argc>\r\n` then `$<len>\r\n<arg>\r\n` per argument,
 * the only request form clients send (inline commands are for telnet). Strings are UTF-8 encoded.
 *
 * @example
 * encodeResp2Command(["SET", "key", bytes]); // "*3\r\n$3\r\nSET\r\n$3\r\nkey\r\n$…"
 */
export function encodeResp2Command(argv: readonly (Uint8Array | string)[]): Uint8Array {
  // Sizing computes each string's UTF-8 length; keep them for the writing pass.
  const lengths = new Array<number>(argv.length);
  let total = LINE_OVERHEAD + digitCount(argv.length);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    const length = typeof arg === "string" ? utf8Length(arg) : arg.length;
    lengths[i] = length;
    total += LINE_OVERHEAD + digitCount(length) + length + 2;
  }
  const writer: Writer = { bytes: new Uint8Array(total), position: 0 };
  writeHeader(writer, Byte.STAR, argv.length);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    writeHeader(writer, Byte.DOLLAR, lengths[i] ?? 0);
    if (typeof arg === "string") {
      writer.position = writeUtf8(writer.bytes, writer.position, arg);
    } else {
      writer.bytes.set(arg, writer.position);
      writer.position += arg.length;
    }
    writeCrlf(writer);
  }
  return writer.bytes;
}

/**
 * {@link encodeResp2Command} for arguments held as binary strings (one char per byte, each code
 * unit ≤ 0xFF, as a Latin-1 decoding gives them), returning the request as such a string too.
 * A caller that holds bytes that way writes the frame with one Latin-1 conversion (Node's
 * `socket.write(frame, "latin1")`), with no buffer per command.
 *
 * @throws {StratusCoreError} if an argument holds a code unit above 0xFF (it is not a byte).
 * @example
 * encodeResp2CommandBinary(["GET", "k\xff"]); // "*2\r\n$3\r\nGET\r\n$2\r\nk\xff\r\n"
 */
export function encodeResp2CommandBinary(argv: readonly string[]): string {
  let frame = `*${argv.length}\r\n`;
  for (const arg of argv) {
    if (!isBinaryString(arg)) {
      throw new StratusCoreError("A binary-string argument holds a character above 0xFF.");
    }
    frame += `$${arg.length}\r\n${arg}\r\n`;
  }
  return frame;
}

/** Latin-1 text: every code unit is one byte. */
function isBinaryString(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) > 0xff) {
      return false;
    }
  }
  return true;
}

/** Exhaustiveness check for switches over unions (STYLE.md §3.4). */
function assertNever(value: never): never {
  throw new StratusCoreError(
    `Unknown RESP2 value kind: ${String((value as { kind?: unknown }).kind)}`,
  );
}
