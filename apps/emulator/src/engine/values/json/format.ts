/** Printing JSON values as serde_json and RedisJSON's formatter do (JSON.GET's INDENT, NEWLINE, SPACE). */
import { utf8ToBinary } from "../../bytes.ts";
import { JsonFloat, type JsonObject, type JsonValue } from "./value.ts";

/** JSON.GET's INDENT / NEWLINE / SPACE strings (RedisJSON's `RedisJsonFormatter`). */
export interface JsonFormat {
  readonly indent?: string;
  readonly newline?: string;
  readonly space?: string;
}

/**
 * A float as serde_json prints it (the `ryu` crate): shortest round-trip digits, `1.0` for whole
 * values, plain notation for decimal exponents -5..15 and `1e16` / `1.5e-7` beyond.
 */
export function formatJsonFloat(value: number): string {
  if (value === 0) {
    return Object.is(value, -0) ? "-0.0" : "0.0";
  }
  const sign = value < 0 ? "-" : "";
  const [mantissa = "", exponentText = "0"] = Math.abs(value).toExponential().split("e");
  const digits = mantissa.replace(".", "");
  const length = digits.length;
  // value = digits × 10^k, and 10^(kk-1) <= value < 10^kk.
  const k = Number(exponentText) - (length - 1);
  const kk = length + k;
  if (k >= 0 && kk <= 16) {
    return `${sign}${digits}${"0".repeat(k)}.0`;
  }
  if (kk > 0 && kk <= 16) {
    return `${sign}${digits.slice(0, kk)}.${digits.slice(kk)}`;
  }
  if (kk > -5 && kk <= 0) {
    return `${sign}0.${"0".repeat(-kk)}${digits}`;
  }
  const fraction = length === 1 ? "" : `.${digits.slice(1)}`;
  return `${sign}${digits[0]}${fraction}e${kk - 1}`;
}

/** A number's JSON text: integers exactly, floats per `formatJsonFloat`. */
export function formatJsonNumber(value: number | bigint | JsonFloat): string {
  return value instanceof JsonFloat ? formatJsonFloat(value.value) : String(value);
}

/** Serialises to JSON text (a JS string); compact unless `format` says otherwise. */
export function stringifyJson(value: JsonValue, format?: JsonFormat): string {
  if (
    format === undefined ||
    (format.indent === undefined && format.newline === undefined && format.space === undefined)
  ) {
    return compact(value);
  }
  const parts: string[] = [];
  pretty(value, { format, parts, depth: 0 });
  return parts.join("");
}

/** `stringifyJson` as the UTF-8 bytes a reply carries (a binary string). */
export function jsonToBinary(value: JsonValue, format?: JsonFormat): string {
  return utf8ToBinary(stringifyJson(value, format));
}

function scalarText(value: JsonValue): string | undefined {
  if (value === null) {
    return "null";
  }
  switch (typeof value) {
    case "boolean":
      return value ? "true" : "false";
    case "string":
      // JSON.stringify escapes exactly what serde_json does: `"`, `\`, and controls (\b \f \n \r
      // \t, others as lower-case \u00XX); everything else is written as is.
      return JSON.stringify(value);
    case "number":
    case "bigint":
      return String(value);
    default:
      return value instanceof JsonFloat ? formatJsonFloat(value.value) : undefined;
  }
}

function compact(value: JsonValue): string {
  const scalar = scalarText(value);
  if (scalar !== undefined) {
    return scalar;
  }
  if (Array.isArray(value)) {
    let text = "[";
    for (let i = 0; i < value.length; i++) {
      text += (i === 0 ? "" : ",") + compact(value[i] as JsonValue);
    }
    return `${text}]`;
  }
  const object = value as JsonObject;
  let text = "{";
  for (let i = 0; i < object.size; i++) {
    text += `${i === 0 ? "" : ","}${JSON.stringify(object.keys[i])}:${compact(object.values[i] as JsonValue)}`;
  }
  return `${text}}`;
}

interface PrettyState {
  readonly format: JsonFormat;
  readonly parts: string[];
  depth: number;
}

/**
 * RedisJSON's formatter: before each member NEWLINE then INDENT × depth; SPACE after `:`; a
 * non-empty container closes on a new line at its own depth; empty ones print `[]` / `{}`.
 */
function pretty(value: JsonValue, state: PrettyState): void {
  const scalar = scalarText(value);
  if (scalar !== undefined) {
    state.parts.push(scalar);
    return;
  }
  const isArray = Array.isArray(value);
  const count = isArray ? value.length : (value as JsonObject).size;
  state.parts.push(isArray ? "[" : "{");
  state.depth++;
  for (let i = 0; i < count; i++) {
    if (i > 0) {
      state.parts.push(",");
    }
    newLine(state);
    if (isArray) {
      pretty(value[i] as JsonValue, state);
    } else {
      const object = value as JsonObject;
      state.parts.push(JSON.stringify(object.keys[i]), ":", state.format.space ?? "");
      pretty(object.values[i] as JsonValue, state);
    }
  }
  state.depth--;
  if (count > 0) {
    newLine(state);
  }
  state.parts.push(isArray ? "]" : "}");
}

function newLine(state: PrettyState): void {
  state.parts.push(state.format.newline ?? "", (state.format.indent ?? "").repeat(state.depth));
}
