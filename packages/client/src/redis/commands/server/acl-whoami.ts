import { asText } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * ACL WHOAMI: the current user name.
 * @see https://redis.io/commands/acl-whoami
 */
export const aclWhoami = defineClientCommand<() => string>({
  name: "ACL WHOAMI",
  encode: () => [],
  decode: asText,
});
