/**
 * Reading a key's indexed fields (redis-search.md §5.1): JSON keys by path from the root, STRING
 * keys as a JSON object, HASH keys by field name. A value that does not parse as its field's type
 * is skipped for that document, as the documentation says; arrays index each element.
 */
import { binaryToUtf8 } from "../bytes.ts";
import { HashValue } from "../values/hash.ts";
import { JsonDocument, JsonFloat, JsonObject, type JsonValue } from "../values/json/value.ts";
import type { StoredValue } from "../values/types.ts";
import type { DataType, FieldDefinition, FieldType } from "./schema.ts";

/** A typed field value: numbers (DATE as epoch ms), booleans, or text. */
export type FieldValue = number | boolean | string;

/** A plain-JS view of a document's source (what paths are read from). */
export type SourceValue = null | boolean | number | string | SourceValue[] | SourceObject;
export interface SourceObject {
  readonly [key: string]: SourceValue;
}

/** The document as plain JS, or undefined when the value is not indexable by this data type. */
export function documentSource(value: StoredValue, dataType: DataType): SourceObject | undefined {
  if (dataType === "STREAM") {
    // A stream index's documents are its entries (search-index.ts), not the key's value.
    return undefined;
  }
  if (dataType === "STRING") {
    if (typeof value !== "string") {
      return undefined;
    }
    try {
      const parsed: unknown = JSON.parse(binaryToUtf8(value));
      return isPlainObject(parsed) ? (parsed as SourceObject) : undefined;
    } catch {
      return undefined;
    }
  }
  if (dataType === "JSON") {
    if (!(value instanceof JsonDocument) || !(value.root instanceof JsonObject)) {
      return undefined;
    }
    return toSource(value.root) as SourceObject;
  }
  if (!(value instanceof HashValue)) {
    return undefined;
  }
  const fields: Record<string, SourceValue> = {};
  for (const [field, text] of value.entries()) {
    fields[binaryToUtf8(field)] = binaryToUtf8(text);
  }
  return fields;
}

/** A stream entry's field, value, … pairs (binary strings) as a flat object of UTF-8 strings. */
export function streamEntrySource(pairs: readonly string[]): SourceObject {
  const fields: Record<string, SourceValue> = {};
  for (let i = 0; i + 1 < pairs.length; i += 2) {
    fields[binaryToUtf8(pairs[i] as string)] = binaryToUtf8(pairs[i + 1] as string);
  }
  return fields;
}

function isPlainObject(value: unknown): boolean {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function toSource(value: JsonValue): SourceValue {
  if (value instanceof JsonFloat) {
    return value.value;
  }
  if (typeof value === "bigint") {
    return Number(value);
  }
  if (Array.isArray(value)) {
    return value.map(toSource);
  }
  if (value instanceof JsonObject) {
    const object: Record<string, SourceValue> = {};
    for (let i = 0; i < value.keys.length; i++) {
      object[value.keys[i] as string] = toSource(value.values[i] as JsonValue);
    }
    return object;
  }
  return value;
}

/** The value at a dotted path; arrays on the way are flattened (each element is a value). */
export function valuesAt(source: SourceObject, path: string): SourceValue[] {
  // A member whose name contains the dot wins over nesting, so `{"a.b": 1}` works too.
  if (path in source) {
    return flatten(source[path] as SourceValue);
  }
  let current: SourceValue[] = [source];
  for (const step of path.split(".")) {
    const next: SourceValue[] = [];
    for (const value of current) {
      for (const item of flatten(value)) {
        if (item !== null && typeof item === "object" && !Array.isArray(item) && step in item) {
          next.push((item as SourceObject)[step] as SourceValue);
        }
      }
    }
    current = next;
  }
  return current.flatMap(flatten);
}

function flatten(value: SourceValue): SourceValue[] {
  return Array.isArray(value) ? value.flatMap(flatten) : [value];
}

const RFC3339 =
  /^\d{4}-\d{2}-\d{2}(?:[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:[Zz]|[+-]\d{2}:?\d{2})?)?$/;

/** A DATE value as epoch ms: an RFC 3339 string (a date alone is midnight UTC). */
export function parseDate(text: string): number | undefined {
  if (!RFC3339.test(text)) {
    return undefined;
  }
  const ms = Date.parse(
    /[Tt ]\d{2}:\d{2}/.test(text) && !/[Zz]|[+-]\d{2}:?\d{2}$/.test(text) ? `${text}Z` : text,
  );
  return Number.isNaN(ms) ? undefined : ms;
}

/** `raw` as a value of `type`, or undefined when it does not parse (the value is skipped). */
export function typedValue(raw: SourceValue, type: FieldType): FieldValue | undefined {
  switch (type) {
    case "TEXT":
      return typeof raw === "string" ? raw : undefined;
    case "KEYWORD":
      return typeof raw === "string" ? raw : undefined;
    case "FACET":
      return typeof raw === "string" && raw.startsWith("/") ? normaliseFacet(raw) : undefined;
    case "BOOL":
      if (typeof raw === "boolean") {
        return raw;
      }
      return raw === "true" ? true : raw === "false" ? false : undefined;
    case "DATE":
      return typeof raw === "string" ? parseDate(raw) : undefined;
    default:
      return numberValue(raw, type);
  }
}

function numberValue(raw: SourceValue, type: FieldType): number | undefined {
  const value =
    typeof raw === "number"
      ? raw
      : typeof raw === "string" && raw.trim() !== ""
        ? Number(raw)
        : Number.NaN;
  if (!Number.isFinite(value)) {
    return undefined;
  }
  if (type === "F64") {
    return value;
  }
  if (!Number.isInteger(value)) {
    return undefined;
  }
  return type === "U64" && value < 0 ? undefined : value;
}

/** `/a/b/` and `/a/b` are one facet. */
export function normaliseFacet(path: string): string {
  return path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
}

/** Every typed value of `field` in the document. */
export function fieldValues(source: SourceObject, field: FieldDefinition): FieldValue[] {
  const values: FieldValue[] = [];
  for (const raw of valuesAt(source, field.source)) {
    const value = typedValue(raw, field.type);
    if (value !== undefined) {
      values.push(value);
    }
  }
  return values;
}
