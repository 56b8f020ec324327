/**
 * The vector REST commands (vector-rest-wire.md §2) as one table: what each reads from the body,
 * whether it writes (read-only tokens refuse writes, §1.2), which usage operation it counts as,
 * and what it returns inside `{"result": …}`.
 */
import { MetadataUpdateModeSchema } from "@stratus/core/schemas";
import { VectorMessages, validationError } from "./errors.ts";
import { VectorLimits } from "./limits.ts";
import type { RecordInput } from "./namespace-store.ts";
import {
  expectObject,
  type JsonObject,
  parseCount,
  parseData,
  parseDenseVector,
  parseEnum,
  parseExactParameter,
  parseId,
  parseIds,
  parseIncludes,
  parseMetadata,
  parseOptionalString,
  parseQueryOptions,
  parseSparseVector,
  type QueryOptions,
} from "./request.ts";
import type { VectorOperation } from "./types.ts";
import type { VectorIndex, VectorParts } from "./vector-index.ts";

/** What a command runs with. */
export interface CommandContext {
  readonly index: VectorIndex;
  /** The decoded namespace segment; `""` when absent. */
  readonly namespace: string;
  /** The parsed JSON body; undefined when empty. */
  readonly body: unknown;
  readonly query: URLSearchParams;
}

export interface CommandOutcome {
  readonly result: unknown;
  /** Vectors written or read, or queries run, for usage. */
  readonly count: number;
}

export interface VectorCommand {
  readonly isWrite: boolean;
  /** Whether a `/{namespace}` segment is accepted. */
  readonly isNamespaced: boolean;
  readonly operation: VectorOperation;
  run(context: CommandContext): CommandOutcome;
}

const SUCCESS = "Success";

/** The body as a list: one object or an array of them. */
function asList(body: unknown): unknown[] {
  return Array.isArray(body) ? body : [body];
}

/** The vectors a body gives, checked against the index's dimension. */
function parseParts(index: VectorIndex, body: JsonObject): VectorParts {
  const vector = body["vector"];
  const sparse = body["sparseVector"];
  return {
    vector:
      vector === undefined || vector === null
        ? undefined
        : index.hasDense
          ? parseDenseVector(vector, index.spec.dimension)
          : Float32Array.from([]),
    sparseVector: sparse === undefined || sparse === null ? undefined : parseSparseVector(sparse),
  };
}

function upsert({ index, namespace, body }: CommandContext): CommandOutcome {
  const records: RecordInput[] = asList(body).map((item) => {
    const object = expectObject(item, "each upserted record");
    const parts = parseParts(index, object);
    index.checkRecordVectors(parts);
    return {
      id: parseId(object["id"]),
      ...parts,
      metadata: parseMetadata(object["metadata"]),
      data: parseData(object["data"]),
    };
  });
  index.upsert(namespace, records);
  return { result: SUCCESS, count: records.length };
}

function upsertData({ index, namespace, body }: CommandContext): CommandOutcome {
  const items = asList(body).map((item) => {
    const object = expectObject(item, "each upserted record");
    const data = parseData(object["data"]);
    if (data === undefined) {
      throw validationError("Invalid request: data is required to upsert with an embedding model.");
    }
    return { id: parseId(object["id"]), data, metadata: parseMetadata(object["metadata"]) };
  });
  const records: RecordInput[] = items.map((item) => ({
    ...item,
    ...index.embedRecord(item.data),
  }));
  if (items.length === 0) {
    // Still refuse on an index without a model, as a non-empty request would be.
    index.embedRecord("");
  }
  index.upsert(namespace, records);
  return { result: SUCCESS, count: records.length };
}

function update({ index, namespace, body }: CommandContext): CommandOutcome {
  const object = expectObject(body, "the update");
  const updated = index.update(namespace, {
    id: parseId(object["id"]),
    parts: parseParts(index, object),
    data: parseData(object["data"]),
    metadata: parseMetadata(object["metadata"]),
    metadataUpdateMode:
      parseEnum(
        object["metadataUpdateMode"],
        "metadataUpdateMode",
        MetadataUpdateModeSchema.options,
      ) ?? "OVERWRITE",
  });
  return { result: { updated }, count: updated };
}

/** One query's vectors and options, from vectors or from `data`. */
function parseQuery(
  { index, query }: CommandContext,
  item: unknown,
  fromData: boolean,
): { parts: VectorParts; options: QueryOptions } {
  const object = expectObject(item, "each query");
  const options = { ...parseQueryOptions(object), exact: parseExactParameter(query) };
  if (fromData) {
    const data = parseData(object["data"]);
    if (data === undefined) {
      throw validationError("Invalid request: data is required to query with an embedding model.");
    }
    return { parts: index.embedQuery(data, options.queryMode), options };
  }
  const parts = parseParts(index, object);
  index.checkQueryVectors(parts);
  return { parts, options };
}

/**
 * `query` and `query-data`, single or batch (§2.4): an array of more than one query answers an
 * array of arrays; an array of exactly one answers a flat array, as the service does.
 */
function query(fromData: boolean) {
  return (context: CommandContext): CommandOutcome => {
    const { index, namespace, body } = context;
    const queries = asList(body).map((item) => parseQuery(context, item, fromData));
    const results = queries.map(({ parts, options }) =>
      index.query(index.plan(namespace, parts, options)),
    );
    const result = Array.isArray(body) && body.length !== 1 ? results : (results[0] ?? []);
    return { result, count: queries.length };
  };
}

function resumableStart(fromData: boolean) {
  return (context: CommandContext): CommandOutcome => {
    const { index, namespace, body } = context;
    const object = expectObject(body, "the resumable query");
    const { parts, options } = parseQuery(context, object, fromData);
    const maxIdle = object["maxIdle"];
    if (maxIdle !== undefined && (typeof maxIdle !== "number" || !(maxIdle > 0))) {
      throw validationError("Invalid request: maxIdle must be a positive number of seconds.");
    }
    const result = index.resumable.start(
      index.plan(namespace, parts, options),
      maxIdle ?? VectorLimits.DEFAULT_MAX_IDLE_SECONDS,
    );
    return { result, count: 1 };
  };
}

function parseUuid(object: JsonObject): string {
  const uuid = object["uuid"];
  if (typeof uuid !== "string") {
    throw validationError("Invalid request: uuid must be a string.");
  }
  return uuid;
}

function resumableNext({ index, body }: CommandContext): CommandOutcome {
  const object = expectObject(body, "the request");
  const additionalK = parseCount(object["additionalK"], "additionalK", {
    fallback: VectorLimits.DEFAULT_TOP_K,
    max: VectorLimits.MAX_TOP_K,
  });
  const result = index.resumable.next(parseUuid(object), additionalK);
  return { result, count: 1 };
}

function resumableEnd({ index, body }: CommandContext): CommandOutcome {
  index.resumable.end(parseUuid(expectObject(body, "the request")));
  return { result: SUCCESS, count: 0 };
}

/** A range cursor: a position, where `"0"`, `0` and `""` mean the start (§2.7). */
function parseCursor(value: unknown): number {
  if (value === "" || value === undefined || value === null) {
    return 0;
  }
  const cursor = typeof value === "number" ? value : Number(value);
  if (typeof value === "string" && !/^\d+$/.test(value)) {
    throw validationError(
      `Invalid request: cursor ${JSON.stringify(value)} is not a range cursor.`,
    );
  }
  if (!Number.isSafeInteger(cursor) || cursor < 0) {
    throw validationError(
      `Invalid request: cursor ${JSON.stringify(value)} is not a range cursor.`,
    );
  }
  return cursor;
}

function range({ index, namespace, body }: CommandContext): CommandOutcome {
  const object = expectObject(body, "the range request");
  if (object["limit"] === undefined) {
    throw validationError("Invalid request: limit is required.");
  }
  const result = index.range(
    namespace,
    {
      cursor: parseCursor(object["cursor"]),
      limit: parseCount(object["limit"], "limit", { fallback: 1, max: Number.MAX_SAFE_INTEGER }),
      prefix: parseOptionalString(object["prefix"], "prefix"),
    },
    parseIncludes(object),
  );
  return { result, count: result.vectors.length };
}

function fetchRecords({ index, namespace, body }: CommandContext): CommandOutcome {
  const object: JsonObject = Array.isArray(body) ? { ids: body } : expectObject(body, "the fetch");
  const includes = parseIncludes(object);
  const hasIds = object["ids"] !== undefined && object["ids"] !== null;
  const hasPrefix = object["prefix"] !== undefined && object["prefix"] !== null;
  if (hasIds && hasPrefix) {
    throw validationError(VectorMessages.FETCH_ONE_CRITERION);
  }
  if (hasPrefix) {
    const prefix = parseOptionalString(object["prefix"], "prefix") as string;
    const result = index.fetchPrefix(namespace, prefix, includes);
    return { result, count: result.length };
  }
  if (!hasIds) {
    throw validationError("Invalid request: one of ids or prefix must be provided.");
  }
  const result = index.fetchIds(namespace, parseIds(object["ids"]), includes);
  return { result, count: result.length };
}

/**
 * `delete`: `{ids}`, `{prefix}` or `{filter}`; older clients send a bare id or array of ids
 * (§2.9). `translateFilter` turns the request's filter into the vector filter language (the search
 * interface writes its paths differently, search-wire.md §3.4).
 */
export function deleteByCriteria(
  translateFilter: (filter: string) => string = (filter) => filter,
): (context: CommandContext) => CommandOutcome {
  return ({ index, namespace, body }) =>
    deleteMatching({ index, namespace, body, translateFilter });
}

function deleteMatching({
  index,
  namespace,
  body,
  translateFilter,
}: Omit<CommandContext, "query"> & {
  translateFilter: (filter: string) => string;
}): CommandOutcome {
  const object: JsonObject =
    typeof body === "string" || typeof body === "number"
      ? { ids: [body] }
      : Array.isArray(body)
        ? { ids: body }
        : expectObject(body, "the delete");
  const given = ["ids", "prefix", "filter"].filter(
    (key) => object[key] !== undefined && object[key] !== null,
  );
  if (given.length !== 1) {
    throw validationError(VectorMessages.DELETE_ONE_CRITERION);
  }
  let ids: string[];
  if (given[0] === "ids") {
    ids = parseIds(object["ids"]);
  } else if (given[0] === "prefix") {
    const prefix = parseOptionalString(object["prefix"], "prefix") as string;
    ids = (index.namespace(namespace)?.withPrefix(prefix) ?? []).map((record) => record.id);
  } else {
    const filter = parseOptionalString(object["filter"], "filter") as string;
    ids = index.idsMatching(namespace, translateFilter(filter));
  }
  const deleted = index.deleteIds(namespace, ids);
  return { result: { deleted }, count: deleted };
}

/** `reset` of one namespace, or of every one with `?all`. */
export function resetNamespaces({
  index,
  namespace,
  query: search,
}: CommandContext): CommandOutcome {
  // JS and Python send `?all`, PHP `?all=true`: presence means all (§2.10).
  index.reset(search.has("all") ? undefined : namespace);
  return { result: SUCCESS, count: 0 };
}

function renameNamespace({ index, body }: CommandContext): CommandOutcome {
  const object = expectObject(body, "the rename");
  const from = object["namespace"];
  const to = object["newNamespace"];
  if (typeof from !== "string" || typeof to !== "string") {
    throw validationError("Invalid request: namespace and newNamespace must be strings.");
  }
  const deleteExisting = object["deleteExisting"] === true;
  index.renameNamespace(from, to, deleteExisting);
  return { result: { renamed: true }, count: 0 };
}

function command(
  operation: VectorOperation,
  flags: { isWrite: boolean; isNamespaced: boolean },
  run: (context: CommandContext) => CommandOutcome,
): VectorCommand {
  return { operation, ...flags, run };
}

const WRITE = { isWrite: true, isNamespaced: true };
const READ = { isWrite: false, isNamespaced: true };
const READ_GLOBAL = { isWrite: false, isNamespaced: false };

/**
 * Every command by path segment. Reads are `query*`, `resumable-*`, `fetch`, `range`, `info`,
 * `list-namespaces` and `random`; every other command writes (emulator choice, §1.2).
 */
export const VECTOR_COMMANDS: Readonly<Record<string, VectorCommand>> = {
  upsert: command("upsert", WRITE, upsert),
  "upsert-data": command("upsert", WRITE, upsertData),
  update: command("update", WRITE, update),
  query: command("query", READ, query(false)),
  "query-data": command("query", READ, query(true)),
  "resumable-query": command("query", READ, resumableStart(false)),
  "resumable-query-data": command("query", READ, resumableStart(true)),
  "resumable-query-next": command("query", READ_GLOBAL, resumableNext),
  "resumable-query-end": command("query", READ_GLOBAL, resumableEnd),
  range: command("range", READ, range),
  fetch: command("fetch", READ, fetchRecords),
  delete: command("delete", WRITE, deleteByCriteria()),
  reset: command("reset", WRITE, resetNamespaces),
  info: command("info", READ_GLOBAL, ({ index }) => ({ result: index.info(), count: 0 })),
  "list-namespaces": command("namespace", READ_GLOBAL, ({ index }) => ({
    result: index.namespaceNames(),
    count: 0,
  })),
  "delete-namespace": command("namespace", WRITE, ({ index, namespace }) => {
    index.deleteNamespace(namespace);
    return { result: SUCCESS, count: 0 };
  }),
  "rename-namespace": command("namespace", { isWrite: true, isNamespaced: false }, renameNamespace),
  random: command("fetch", READ, ({ index, namespace }) => {
    const result = index.random(namespace);
    return { result, count: result === null ? 0 : 1 };
  }),
};
