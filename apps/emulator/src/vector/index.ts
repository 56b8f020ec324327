/**
 * @module
 * The vector REST interface (vector-rest-wire.md): {@link VectorService} owns the indexes and
 * answers the router's `/vector/{name}/…` requests.
 */
export {
  type ResolvedVectorIndexSpec,
  VectorIndexExistsError,
  type VectorIndexHandle,
  type VectorIndexSpec,
  VectorIndexSpecError,
  type VectorIndexStats,
  type VectorIndexType,
  VectorService,
  type VectorServiceOptions,
  type VectorSimilarity,
  type VectorUsageSample,
} from "./service.ts";
