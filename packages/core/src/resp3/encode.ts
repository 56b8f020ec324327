/**
 * The RESP3 encoder: every type of the specification, written as Redis writes it (`,inf`, `,-inf`,
 * `,nan` for doubles; `#t`/`#f`; `=<len>\r\ntxt:<text>` for verbatim strings).
 */
import { StratusCoreError } from "../errors.ts";
import { utf8Length, writeUtf8 } from "../resp2/bytes.ts";
import type { Resp3Value } from "./value.ts";

const CRLF = "\r\n";

/** A double as Redis writes it: the shortest text that reads back as the same number. */
export function formatResp3Double(value: number): string {
  if (Number.isNaN(value)) {
    return "nan";
  }
  if (value === Number.POSITIVE_INFINITY) {
    return "inf";
  }
  if (value === Number.NEGATIVE_INFINITY) {
    return "-inf";
  }
  return Object.is(value, -0) ? "-0" : String(value);
}

function checkLine(text: string, what: string): string {
  if (text.includes("\r") || text.includes("\n")) {
    throw new StratusCoreError(`A RESP3 ${what} may not contain CR or LF`);
  }
  return text;
}

/** Collects the pieces of one value; joined once at the end. */
function write(value: Resp3Value, out: (string | Uint8Array)[]): void {
  switch (value.kind) {
    case "simple":
      out.push(`+${checkLine(value.value, "simple string")}${CRLF}`);
      break;
    case "error":
      out.push(`-${checkLine(value.message, "simple error")}${CRLF}`);
      break;
    case "integer":
      out.push(`:${value.value}${CRLF}`);
      break;
    case "bulk":
      out.push(`$${value.value.length}${CRLF}`, value.value, CRLF);
      break;
    case "null":
      out.push(`_${CRLF}`);
      break;
    case "boolean":
      out.push(value.value ? `#t${CRLF}` : `#f${CRLF}`);
      break;
    case "double":
      out.push(`,${checkLine(value.text ?? formatResp3Double(value.value), "double")}${CRLF}`);
      break;
    case "big-number":
      out.push(`(${value.value}${CRLF}`);
      break;
    case "blob-error":
      out.push(`!${value.message.length}${CRLF}`, value.message, CRLF);
      break;
    case "verbatim": {
      if (value.format.length !== 3 || value.format.includes(":")) {
        throw new StratusCoreError(
          `A RESP3 verbatim format is three characters, got '${value.format}'`,
        );
      }
      out.push(`=${value.value.length + 4}${CRLF}${value.format}:`, value.value, CRLF);
      break;
    }
    case "array":
    case "set":
    case "push": {
      const marker = value.kind === "array" ? "*" : value.kind === "set" ? "~" : ">";
      out.push(`${marker}${value.items.length}${CRLF}`);
      for (const item of value.items) {
        write(item, out);
      }
      break;
    }
    case "map":
    case "attribute": {
      out.push(`${value.kind === "map" ? "%" : "|"}${value.entries.length}${CRLF}`);
      for (const [key, entry] of value.entries) {
        write(key, out);
        write(entry, out);
      }
      if (value.kind === "attribute") {
        write(value.value, out);
      }
      break;
    }
    default:
      assertNever(value);
  }
}

function assertNever(value: never): never {
  throw new StratusCoreError(`Unknown RESP3 value ${JSON.stringify(value)}`);
}

/**
 * Encodes one RESP3 value. The pieces are sized first and written into one array (no
 * intermediate array per text piece: most are a few ASCII bytes of framing).
 */
export function encodeResp3(value: Resp3Value): Uint8Array {
  const pieces: (string | Uint8Array)[] = [];
  write(value, pieces);
  let length = 0;
  for (const piece of pieces) {
    length += typeof piece === "string" ? utf8Length(piece) : piece.length;
  }
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const piece of pieces) {
    if (typeof piece === "string") {
      offset = writeUtf8(bytes, offset, piece);
    } else {
      bytes.set(piece, offset);
      offset += piece.length;
    }
  }
  return bytes;
}
