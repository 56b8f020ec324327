/**
 * Limits of the vector REST interface, units in the names: the service's (core's `VectorLimits`,
 * vector-rest-wire.md §2.15, which the client shares) and the emulator's own choices, in one table.
 */
import { VectorLimits as ServiceVectorLimits } from "@stratus/core/schemas";

export const VectorLimits = {
  ...ServiceVectorLimits,
  /** Emulator choice: the largest `topK` and `additionalK` (the service's limit is undocumented). */
  MAX_TOP_K: 1000,
  /** Emulator choice: active resumable queries per index (the service's cap is undocumented). */
  MAX_RESUMABLE_QUERIES: 1000,
  /**
   * Emulator choice: the largest request body. The service documents none; this fits its largest
   * batch, 1,000 vectors of the largest dimension written as JSON (about 17 bytes a component:
   * 1,000 × 5,376 × 17 ≈ 87 MiB), with their metadata.
   */
  MAX_REQUEST_BYTES: 100 * 1024 * 1024,
} as const;
