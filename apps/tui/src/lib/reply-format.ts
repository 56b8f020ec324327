/**
 * A key-value reply as `redis-cli` prints it: `(nil)`, `(integer) 3`, `"text"`, numbered array
 * lines with nested indentation, `(empty array)`.
 */
import type { RestValue } from "@stratus/core/rest";

const decoder = new TextDecoder();

/** Quotes text with visible escapes, so binary values stay one line. */
function quote(bytes: Uint8Array): string {
  const text = decoder.decode(bytes);
  return JSON.stringify(text);
}

/** The reply's lines. */
export function formatReply(value: RestValue): string[] {
  if (value === null) {
    return ["(nil)"];
  }
  if (typeof value === "number" || typeof value === "bigint") {
    return [`(integer) ${value}`];
  }
  if (value instanceof Uint8Array) {
    return [quote(value)];
  }
  if (value.length === 0) {
    return ["(empty array)"];
  }
  const lines: string[] = [];
  const width = String(value.length).length;
  value.forEach((element, index) => {
    const prefix = `${String(index + 1).padStart(width)}) `;
    const [first = "", ...rest] = formatReply(element);
    lines.push(prefix + first);
    for (const line of rest) {
      lines.push(" ".repeat(prefix.length) + line);
    }
  });
  return lines;
}

/** A plain JSON form of a reply for `--json` output: bytes become UTF-8 text. */
export function replyToJson(value: RestValue): unknown {
  if (value instanceof Uint8Array) {
    return decoder.decode(value);
  }
  if (typeof value === "bigint") {
    return value.toString();
  }
  if (Array.isArray(value)) {
    return value.map((element: RestValue) => replyToJson(element));
  }
  return value;
}
