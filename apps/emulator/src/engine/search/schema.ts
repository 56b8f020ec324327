/**
 * Index definitions: what SEARCH.CREATE reads (redis-search.md §1.1) and SEARCH.DESCRIBE shows
 * (§1.4). Keywords are case-insensitive; the clauses before SCHEMA and a field's options after its
 * type may come in any order (the SDK and the documentation order them differently).
 */
import { asciiUpper, binaryToUtf8 } from "../bytes.ts";
import { isLanguage, LANGUAGES, type TextAnalysis } from "./analyzer.ts";
import { searchError } from "./errors.ts";

export type DataType = "JSON" | "HASH" | "STRING" | "STREAM";
export type FieldType = "TEXT" | "U64" | "I64" | "F64" | "BOOL" | "DATE" | "KEYWORD" | "FACET";

const FIELD_TYPES: ReadonlySet<string> = new Set([
  "TEXT",
  "U64",
  "I64",
  "F64",
  "BOOL",
  "DATE",
  "KEYWORD",
  "FACET",
]);
const FAST_TYPES: ReadonlySet<FieldType> = new Set(["U64", "I64", "F64", "BOOL", "DATE"]);
export const NUMERIC_TYPES: ReadonlySet<FieldType> = new Set(["U64", "I64", "F64"]);

export interface FieldDefinition {
  /** The name queries use (a dotted path for nested JSON fields). */
  readonly name: string;
  readonly type: FieldType;
  readonly fast: boolean;
  readonly noStem: boolean;
  readonly noTokenize: boolean;
  /** The document path the value is read from: `from`, else the name. */
  readonly source: string;
  readonly from: string | undefined;
}

export interface IndexDefinition {
  readonly name: string;
  /** The database whose keys it indexes (the one SEARCH.CREATE ran in). */
  readonly db: number;
  readonly dataType: DataType;
  /** Key prefixes (empty for a STREAM index). */
  readonly prefixes: readonly string[];
  /** The one stream key a STREAM index is bound to (its entries are the documents). */
  readonly stream?: string;
  readonly language: string;
  readonly fields: readonly FieldDefinition[];
}

export interface CreateRequest {
  readonly definition: IndexDefinition;
  readonly skipInitialScan: boolean;
  readonly existsOk: boolean;
}

/** Reads SEARCH.CREATE's arguments after the index name (binary strings, UTF-8 decoded by the caller). */
export function parseCreate(options: {
  readonly name: string;
  readonly db: number;
  readonly args: readonly string[];
}): CreateRequest {
  const { args } = options;
  let dataType: DataType | undefined;
  let prefixes: string[] | undefined;
  let stream: string | undefined;
  let language = "english";
  let skipInitialScan = false;
  let existsOk = false;
  let at = 0;
  const next = (what: string): string => {
    const value = args[at++];
    if (value === undefined) {
      throw searchError(`ERR Missing ${what}`);
    }
    return value;
  };
  for (;;) {
    const token = asciiUpper(next("SCHEMA"));
    if (token === "SCHEMA") {
      break;
    }
    switch (token) {
      case "ON": {
        const type = asciiUpper(next("data type after ON"));
        if (type !== "JSON" && type !== "HASH" && type !== "STRING" && type !== "STREAM") {
          throw searchError(
            `ERR Unsupported data type: ${type}. Expected JSON, HASH, STRING or STREAM`,
          );
        }
        dataType = type;
        if (type === "STREAM") {
          // redis-search streams page: ON STREAM names one exact stream key.
          stream = next("stream key after ON STREAM");
        }
        break;
      }
      case "PREFIX":
        prefixes = parsePrefixes(next("prefix count"), (what) => next(what));
        break;
      case "LANGUAGE": {
        const value = next("language").toLowerCase();
        if (!isLanguage(value)) {
          throw searchError(
            `ERR Unsupported language: ${value}. Supported: ${LANGUAGES.join(", ")}`,
          );
        }
        language = value;
        break;
      }
      case "SKIPINITIALSCAN":
        skipInitialScan = true;
        break;
      case "EXISTSOK":
        existsOk = true;
        break;
      default:
        throw searchError(`ERR Unexpected argument: ${token}`);
    }
  }
  if (dataType === undefined) {
    throw searchError("ERR Missing ON <JSON|HASH|STRING|STREAM>");
  }
  if (stream !== undefined && prefixes !== undefined) {
    throw searchError("ERR PREFIX is not supported for STREAM indexes");
  }
  if (stream === undefined && prefixes === undefined) {
    throw searchError("ERR Missing PREFIX <count> <prefix> ...");
  }
  const fields = parseSchema(args.slice(at), dataType);
  const source =
    stream === undefined
      ? { dataType, prefixes: prefixes ?? [] }
      : { dataType, prefixes: [], stream };
  return {
    definition: { name: options.name, db: options.db, ...source, language, fields },
    skipInitialScan,
    existsOk,
  };
}

function parsePrefixes(countText: string, next: (what: string) => string): string[] {
  const count = Number(countText);
  if (!Number.isInteger(count) || count < 1) {
    throw searchError("ERR PREFIX count must be a positive integer");
  }
  const prefixes: string[] = [];
  for (let i = 0; i < count; i++) {
    prefixes.push(next("prefix"));
  }
  for (const [i, prefix] of prefixes.entries()) {
    for (const [j, other] of prefixes.entries()) {
      if (i !== j && other.startsWith(prefix)) {
        throw searchError(
          prefix === other
            ? `ERR Duplicate prefix: ${prefix}`
            : `ERR Prefix ${prefix} overlaps with prefix ${other}`,
        );
      }
    }
  }
  return prefixes;
}

function parseSchema(args: readonly string[], dataType: DataType): FieldDefinition[] {
  const fields: FieldDefinition[] = [];
  const names = new Set<string>();
  let at = 0;
  while (at < args.length) {
    const name = binaryToUtf8(args[at++] as string);
    const typeText = asciiUpper(args[at++] ?? "");
    if (typeText === "HYBRID") {
      // redis-search hybrid-search page: the service embeds HYBRID fields with its own model.
      throw searchError(
        `ERR HYBRID fields (semantic search, $ann, $rrf) are not supported by the emulator: it has no embedding model; declare ${name} as TEXT`,
      );
    }
    if (!FIELD_TYPES.has(typeText)) {
      throw searchError(
        typeText === ""
          ? `ERR Missing type for field ${name}`
          : `ERR Unknown field type ${typeText} for field ${name}`,
      );
    }
    const type = typeText as FieldType;
    let fast = false;
    let noStem = false;
    let noTokenize = false;
    let from: string | undefined;
    while (at < args.length) {
      const option = asciiUpper(args[at] ?? "");
      if (option === "FAST" && FAST_TYPES.has(type)) {
        fast = true;
      } else if (option === "NOSTEM" && type === "TEXT") {
        noStem = true;
      } else if (option === "NOTOKENIZE" && type === "TEXT") {
        noTokenize = true;
      } else if (option === "FROM") {
        const source = args[at + 1];
        from = source === undefined ? undefined : binaryToUtf8(source);
        if (from === undefined) {
          throw searchError(`ERR Missing source field after FROM for field ${name}`);
        }
        at++;
      } else if (option === "FAST" || option === "NOSTEM" || option === "NOTOKENIZE") {
        throw searchError(`ERR ${option} is not valid for ${type} field ${name}`);
      } else {
        break;
      }
      at++;
    }
    const source = from ?? name;
    if (dataType === "HASH" && source.includes(".")) {
      throw searchError(`ERR Nested fields are not supported for HASH indexes: ${source}`);
    }
    if (names.has(name)) {
      throw searchError(`ERR Duplicate field: ${name}`);
    }
    names.add(name);
    fields.push({ name, type, fast, noStem, noTokenize, source, from });
  }
  if (fields.length === 0) {
    throw searchError("ERR SCHEMA must define at least one field");
  }
  return fields;
}

export function textAnalysis(definition: IndexDefinition, field: FieldDefinition): TextAnalysis {
  return { language: definition.language, noStem: field.noStem, noTokenize: field.noTokenize };
}

/** Whether two definitions are the same index (EXISTSOK answers 0 then). */
export function sameDefinition(a: IndexDefinition, b: IndexDefinition): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A field's options as DESCRIBE lists them (FROM last). */
export function fieldOptions(field: FieldDefinition): string[] {
  const options: string[] = [];
  if (field.fast) {
    options.push("FAST");
  }
  if (field.noTokenize) {
    options.push("NOTOKENIZE");
  }
  if (field.noStem) {
    options.push("NOSTEM");
  }
  if (field.from !== undefined) {
    options.push("FROM", field.from);
  }
  return options;
}
