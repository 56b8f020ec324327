/**
 * Errors of the vector service. A {@link VectorRequestError} is a client mistake answered as
 * `{"error": message, "status": status}` (vector-rest-wire.md §1.3); anything else is a bug.
 */

export class VectorRequestError extends Error {
  override readonly name = "VectorRequestError";
  readonly status: number;

  constructor(status: number, message: string, options?: ErrorOptions) {
    super(message, options);
    this.status = status;
  }
}

/** Thrown by `createIndex` when the name is taken. */
export class VectorIndexExistsError extends Error {
  override readonly name = "VectorIndexExistsError";
  readonly code = "ERR_VECTOR_INDEX_EXISTS";

  constructor(name: string) {
    super(`A vector index named '${name}' already exists.`);
  }
}

/** Thrown by `createIndex` for a spec that cannot work (unknown model, missing dimension…). */
export class VectorIndexSpecError extends Error {
  override readonly name = "VectorIndexSpecError";
  readonly code = "ERR_VECTOR_INDEX_SPEC";
}

/** Service wording, copied exactly (vector-rest-wire.md §5). */
export const VectorMessages = {
  UNAUTHORIZED: "Unauthorized: Invalid auth token",
  EMBEDDING_NOT_ALLOWED:
    "Embedding data for this index is not allowed. The index must be created with an embedding model to use it.",
  REQUIRES_SPARSE: "This index requires sparse vectors",
  REQUIRES_DENSE: "This index requires dense vectors",
  DELETE_ONE_CRITERION: "Only and only one of the ids, prefix, or filter must be provided.",
  FETCH_ONE_CRITERION: "Only one of ids or prefix must be provided.",
} as const;

/** `Invalid vector dimension: 2, expected: 256` (vector-rest-wire.md §2.1). */
export function dimensionError(actual: number, expected: number): VectorRequestError {
  return new VectorRequestError(422, `Invalid vector dimension: ${actual}, expected: ${expected}`);
}

/** 422, the status of every validation failure (vector-rest-wire.md §1.3). */
export function validationError(message: string): VectorRequestError {
  return new VectorRequestError(422, message);
}
