/**
 * @module
 * The vector product (vector-rest-wire.md): {@link VectorService} owns the indexes, their tokens
 * and their durability; {@link VECTOR_COMMANDS} is the command table. `http/routes/vector.ts`
 * serves them at `/vector/{name}/…`.
 */

export { VECTOR_COMMANDS, type VectorCommand } from "./commands.ts";
export { VectorMessages, VectorRequestError } from "./errors.ts";
export { parseVectorBody } from "./json-body.ts";
export { VectorLimits } from "./limits.ts";
export {
  type ApproximateSearchConfig,
  DEFAULT_APPROXIMATE_MIN_VECTORS,
  VectorIndexExistsError,
  type VectorIndexHandle,
  type VectorIndexSpec,
  VectorIndexSpecError,
  type VectorOperation,
  VectorService,
} from "./service.ts";
export { DEFAULT_NAMESPACE, type VectorGrant } from "./vector-index.ts";
