import { asText } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/**
 * ACL RESTTOKEN username password: the REST token of an ACL user (kv-rest-wire.md §4).
 * @see https://redis.io/commands/acl-resttoken
 */
export const aclResttoken = defineClientCommand<(username: string, password: string) => string>({
  name: "ACL RESTTOKEN",
  encode: (username, password) => [username, password],
  decode: asText,
});
