export type { FieldPath, FilterExpression, FilterLiteral } from "./ast.ts";
export { compileFilter } from "./compile.ts";
export { FilterSyntaxError } from "./errors.ts";
export { parseFilter } from "./parser.ts";
