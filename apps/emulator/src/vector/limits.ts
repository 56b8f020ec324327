/** Limits of the vector REST interface (vector-rest-wire.md §2.15), units in the names. */
export const VectorLimits = {
  /** Non-zero entries per sparse vector. */
  MAX_SPARSE_ENTRIES: 1000,
  /** Records a fetch by prefix returns. */
  MAX_PREFIX_FETCH: 1000,
  /** Emulator choice: the largest `topK` and `additionalK` (the service's limit is undocumented). */
  MAX_TOP_K: 1000,
  /** Default `topK` of a query (the docs' default). */
  DEFAULT_TOP_K: 10,
  /** Metadata per record, serialised. */
  MAX_METADATA_BYTES: 48 * 1024,
  /** Data per record. */
  MAX_DATA_BYTES: 1024 * 1024,
  /** Default idle lifetime of a resumable query. */
  DEFAULT_RESUMABLE_MAX_IDLE_SECONDS: 3600,
  /** Emulator choice: active resumable queries per index (the service's cap is undocumented). */
  MAX_RESUMABLE_QUERIES: 1000,
  /** The largest dense dimension (pro plan). */
  MAX_DIMENSION: 5376,
  /**
   * Emulator choice: the largest request body. The service documents none; this fits its largest
   * batch, 1,000 vectors of the largest dimension written as JSON (about 17 bytes a component:
   * 1,000 × 5,376 × 17 ≈ 87 MiB), with their metadata.
   */
  MAX_REQUEST_BYTES: 100 * 1024 * 1024,
} as const;
