import { asText } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * INFO [section ...]: server information as text.
 * @see https://redis.io/commands/info
 */
export const info = defineClientCommand<(...sections: string[]) => string>({
  name: "INFO",
  encode: (...sections) => sections,
  decode: asText,
});
