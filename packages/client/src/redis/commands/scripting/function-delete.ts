import { asOk } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * FUNCTION DELETE library-name: delete a library.
 * @see https://redis.io/commands/function-delete
 */
export const functionDelete = defineClientCommand<(library: string) => "OK">({
  name: "FUNCTION DELETE",
  encode: (library) => [library],
  decode: asOk,
});
