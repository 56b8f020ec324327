/**
 * @module
 * The vector REST interface (vector-rest-wire.md): {@link VectorService} owns the indexes and
 * answers the router's `/vector/{name}/…` requests.
 */

export { VectorLimits } from "./limits.ts";
export {
  type ResolvedVectorIndexSpec,
  type VectorAdmission,
  VectorIndexExistsError,
  type VectorIndexHandle,
  type VectorIndexSpec,
  VectorIndexSpecError,
  type VectorIndexStats,
  type VectorIndexType,
  type VectorRequestHead,
  type VectorRoute,
  VectorService,
  type VectorServiceOptions,
  type VectorSimilarity,
  type VectorUsageSample,
} from "./service.ts";
