import { asciiUpper } from "../../bytes.ts";
import { isValidClientAttribute } from "../../client-list.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * CLIENT SETINFO LIB-NAME libname | LIB-VER libver: records the client library, shown by CLIENT LIST.
 * @see https://redis.io/commands/client-setinfo
 */
export const clientSetinfo = defineCommand({
  name: "CLIENT|SETINFO",
  group: "connection",
  arity: 4,
  flags: ["noscript", "loading", "stale"],
  categories: ["connection"],
  since: "7.2.0",
  summary: "Sets information specific to the client or connection.",
  complexity: "O(1)",
  parse: (args) => {
    const attribute = args.string();
    const value = args.string();
    const token = asciiUpper(attribute);
    if (token !== "LIB-NAME" && token !== "LIB-VER") {
      throw new ReplyError(ERR.UNRECOGNIZED_OPTION(attribute));
    }
    if (!isValidClientAttribute(value)) {
      throw new ReplyError(ERR.CLIENT_ATTRIBUTE_CHARS(attribute));
    }
    return { isName: token === "LIB-NAME", value };
  },
  run: (ctx, { isName, value }) => {
    if (isName) {
      ctx.session.libraryName = value;
    } else {
      ctx.session.libraryVersion = value;
    }
    return reply.ok();
  },
});
