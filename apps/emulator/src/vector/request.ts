/**
 * Validation of request bodies (vector-rest-wire.md §2): ids, dense and sparse vectors, metadata,
 * data and the query options. Every failure is a 422 (§1.3).
 */
import {
  type FusionAlgorithm,
  FusionAlgorithmSchema,
  type QueryMode,
  QueryModeSchema,
  type WeightingStrategy,
  WeightingStrategySchema,
} from "@stratus/core/schemas";
import { dimensionError, validationError } from "./errors.ts";
import { VectorLimits } from "./limits.ts";
import type { SparseVector } from "./sparse.ts";

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The body as one object, or a 422 naming what was expected. */
export function expectObject(value: unknown, what: string): JsonObject {
  if (!isObject(value)) {
    throw validationError(`Invalid request: ${what} must be a JSON object.`);
  }
  return value;
}

/** Ids are strings; numbers are accepted and turned into strings (§1.4). */
export function parseId(value: unknown): string {
  if (typeof value === "string") {
    return value;
  }
  if (typeof value === "number" && Number.isFinite(value)) {
    return String(value);
  }
  throw validationError("Invalid request: id must be a string or a number.");
}

export function parseIds(value: unknown): string[] {
  if (!Array.isArray(value)) {
    throw validationError("Invalid request: ids must be an array of strings or numbers.");
  }
  return value.map(parseId);
}

/** A dense vector of exactly `dimension` finite numbers, stored as float32. */
export function parseDenseVector(value: unknown, dimension: number): Float32Array {
  if (value instanceof Float32Array) {
    // Read from the body's bytes already (json-body.ts): finite numbers, as float32.
    if (value.length !== dimension) {
      throw dimensionError(value.length, dimension);
    }
    return value;
  }
  if (!Array.isArray(value)) {
    throw notNumbers();
  }
  // One pass that checks and converts: upserts of many vectors spend their time here and in JSON.
  const length = value.length;
  const vector = new Float32Array(length);
  for (let i = 0; i < length; i++) {
    const component: unknown = value[i];
    if (typeof component !== "number" || !Number.isFinite(component)) {
      throw notNumbers();
    }
    vector[i] = component;
  }
  if (length !== dimension) {
    throw dimensionError(length, dimension);
  }
  return vector;
}

function notNumbers() {
  return validationError("Invalid request: vector must be an array of numbers.");
}

/**
 * `{indices, values}` of equal length, at most 1000 entries, int32 indices. Emulator choice (§7):
 * duplicate indices are refused, unsorted ones sorted.
 */
export function parseSparseVector(value: unknown): SparseVector {
  if (!isObject(value) || !Array.isArray(value["indices"]) || !Array.isArray(value["values"])) {
    throw validationError(
      "Invalid request: sparseVector must be an object with indices and values arrays.",
    );
  }
  const indices = value["indices"] as unknown[];
  const values = value["values"] as unknown[];
  if (indices.length !== values.length) {
    throw validationError(
      `Invalid request: sparseVector has ${indices.length} indices but ${values.length} values.`,
    );
  }
  if (indices.length > VectorLimits.MAX_SPARSE_ENTRIES) {
    throw validationError(
      `Invalid request: sparseVector has ${indices.length} entries, more than the ${VectorLimits.MAX_SPARSE_ENTRIES} allowed.`,
    );
  }
  const pairs = indices.map((index, i) => {
    const weight = values[i];
    if (typeof index !== "number" || !Number.isInteger(index) || index !== (index | 0)) {
      throw validationError("Invalid request: sparseVector indices must be 32-bit integers.");
    }
    if (typeof weight !== "number" || !Number.isFinite(weight)) {
      throw validationError("Invalid request: sparseVector values must be numbers.");
    }
    return [index, weight] as const;
  });
  pairs.sort((left, right) => left[0] - right[0]);
  for (let i = 1; i < pairs.length; i++) {
    if ((pairs[i] as readonly number[])[0] === (pairs[i - 1] as readonly number[])[0]) {
      throw validationError(
        `Invalid request: sparseVector has the index ${(pairs[i] as readonly number[])[0]} more than once.`,
      );
    }
  }
  return {
    indices: Int32Array.from(pairs, (pair) => pair[0]),
    values: Float32Array.from(pairs, (pair) => pair[1]),
  };
}

/** Metadata is any JSON object, at most 48 KB. */
export function parseMetadata(value: unknown): JsonObject | undefined {
  if (value === undefined || value === null) {
    return undefined;
  }
  if (!isObject(value)) {
    throw validationError("Invalid request: metadata must be a JSON object.");
  }
  if (JSON.stringify(value).length > VectorLimits.MAX_METADATA_BYTES) {
    throw validationError("Invalid request: metadata is larger than 48 KB.");
  }
  return value;
}

export function parseData(value: unknown): string | undefined {
  if (value === undefined || value === null) {
    return undefined;
  }
  if (typeof value !== "string") {
    throw validationError("Invalid request: data must be a string.");
  }
  if (value.length > VectorLimits.MAX_DATA_BYTES) {
    throw validationError("Invalid request: data is larger than 1 MB.");
  }
  return value;
}

export function parseBoolean(value: unknown, name: string): boolean {
  if (value === undefined || value === null) {
    return false;
  }
  if (typeof value !== "boolean") {
    throw validationError(`Invalid request: ${name} must be a boolean.`);
  }
  return value;
}

export function parseOptionalString(value: unknown, name: string): string | undefined {
  if (value === undefined || value === null) {
    return undefined;
  }
  if (typeof value !== "string") {
    throw validationError(`Invalid request: ${name} must be a string.`);
  }
  return value;
}

/** A positive integer up to `max`, or `fallback` when absent. */
export function parseCount(
  value: unknown,
  name: string,
  bounds: { readonly fallback: number; readonly max: number },
): number {
  const { fallback, max } = bounds;
  if (value === undefined || value === null) {
    return fallback;
  }
  if (typeof value !== "number" || !Number.isInteger(value) || value <= 0) {
    throw validationError(`Invalid request: ${name} must be a positive integer.`);
  }
  if (value > max) {
    throw validationError(`Invalid request: ${name} must be at most ${max}.`);
  }
  return value;
}

export function parseEnum<T extends string>(
  value: unknown,
  name: string,
  allowed: readonly T[],
): T | undefined {
  if (value === undefined || value === null) {
    return undefined;
  }
  if (typeof value !== "string" || !allowed.includes(value.toUpperCase() as T)) {
    throw validationError(`Invalid request: ${name} must be one of ${allowed.join(", ")}.`);
  }
  return value.toUpperCase() as T;
}

/** Which parts of a record a read returns. */
export interface Includes {
  readonly includeMetadata: boolean;
  readonly includeVectors: boolean;
  readonly includeData: boolean;
}

export function parseIncludes(body: JsonObject): Includes {
  return {
    includeMetadata: parseBoolean(body["includeMetadata"], "includeMetadata"),
    includeVectors: parseBoolean(body["includeVectors"], "includeVectors"),
    includeData: parseBoolean(body["includeData"], "includeData"),
  };
}

export type { QueryMode } from "@stratus/core/schemas";

/** The options every query shares, whatever gives its vectors (§2.4). */
export interface QueryOptions extends Includes {
  readonly topK: number;
  readonly filter: string;
  readonly weightingStrategy: WeightingStrategy | undefined;
  readonly fusionAlgorithm: FusionAlgorithm;
  readonly queryMode: QueryMode;
  /**
   * Emulator extension: the exact scan even where the approximate graph would answer (the
   * `exact` query parameter, docs/vector-search.md).
   */
  readonly exact?: boolean;
}

/** The query-string parameter that forces the exact scan (`?exact=true`). */
export const EXACT_QUERY_PARAMETER = "exact";

/** Whether the query string asks for the exact scan; another value than true/false is a 422. */
export function parseExactParameter(query: URLSearchParams): boolean {
  const value = query.get(EXACT_QUERY_PARAMETER);
  if (value === null || value === "false") {
    return false;
  }
  if (value === "true" || value === "") {
    return true;
  }
  throw validationError(
    `Invalid request: ${EXACT_QUERY_PARAMETER} must be true or false, not ${JSON.stringify(value)}.`,
  );
}

export function parseQueryOptions(body: JsonObject): QueryOptions {
  return {
    ...parseIncludes(body),
    topK: parseCount(body["topK"], "topK", {
      fallback: VectorLimits.DEFAULT_TOP_K,
      max: VectorLimits.MAX_TOP_K,
    }),
    filter: parseOptionalString(body["filter"], "filter") ?? "",
    // The enums are core's (one spelling for client and emulator); the parse stays here, as it
    // accepts any letter case and `null`, which the schemas do not.
    weightingStrategy: parseEnum(
      body["weightingStrategy"],
      "weightingStrategy",
      WeightingStrategySchema.options,
    ),
    fusionAlgorithm:
      parseEnum(body["fusionAlgorithm"], "fusionAlgorithm", FusionAlgorithmSchema.options) ?? "RRF",
    queryMode: parseEnum(body["queryMode"], "queryMode", QueryModeSchema.options) ?? "HYBRID",
  };
}
