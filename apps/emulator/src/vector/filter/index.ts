export { compileFilter } from "./compile.ts";
export { FilterSyntaxError } from "./errors.ts";
