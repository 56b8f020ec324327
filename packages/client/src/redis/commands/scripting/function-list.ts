import type { RestValue } from "@stratus/core/rest";
import { asRaw } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * FUNCTION LIST [LIBRARYNAME pattern] [WITHCODE]: the loaded libraries, raw.
 * @see https://redis.io/commands/function-list
 */
export const functionList = defineClientCommand<
  (options?: { readonly libraryName?: string; readonly withCode?: boolean }) => RestValue
>({
  name: "FUNCTION LIST",
  encode: (options) => [
    ...(options?.libraryName === undefined ? [] : ["LIBRARYNAME", options.libraryName]),
    ...(options?.withCode === true ? ["WITHCODE"] : []),
  ],
  decode: asRaw,
});
