export type {
  CompareOperator,
  FieldPath,
  FilterExpression,
  FilterLiteral,
  PathSegment,
} from "./ast.ts";
export { compileFilter, FILTER_CACHE_SIZE } from "./compile.ts";
export { FilterSyntaxError } from "./errors.ts";
export { evaluateFilter, type FilterPredicate, toPredicate } from "./evaluate.ts";
export { compileGlob } from "./glob.ts";
export { MAX_IN_VALUES, MAX_NESTING, parseFilter } from "./parser.ts";
