import { asciiUpper } from "../../bytes.ts";
import { ERR, ReplyError } from "../../errors.ts";
import { globMatch } from "../../glob.ts";
import { type Reply, reply } from "../../reply.ts";
import { SCRIPT_FLAGS } from "../../scripting/shebang.ts";
import { defineCommand } from "../define.ts";

/**
 * FUNCTION LIST [LIBRARYNAME library-name-pattern] [WITHCODE]: each library with its engine and
 * functions (name, description, flags), and its code with WITHCODE. The pattern is a glob that
 * ignores case. Emulator difference: libraries and functions come in load order, where Redis
 * lists them in its hash tables' order.
 * @see https://redis.io/commands/function-list
 */
export const functionList = defineCommand({
  name: "FUNCTION|LIST",
  group: "scripting",
  arity: -2,
  resp3: "function-list",
  flags: ["noscript"],
  categories: ["scripting"],
  since: "7.0.0",
  summary: "Returns information about all libraries.",
  complexity: "O(N) where N is the number of functions",
  parse: (args) => {
    let withCode = false;
    let pattern: string | undefined;
    while (args.hasMore()) {
      const argument = args.string();
      const token = asciiUpper(argument);
      if (!withCode && token === "WITHCODE") {
        withCode = true;
      } else if (pattern === undefined && token === "LIBRARYNAME") {
        if (!args.hasMore()) {
          throw new ReplyError(ERR.FUNCTION_LIST_NAME_MISSING);
        }
        pattern = args.string();
      } else {
        throw new ReplyError(ERR.FUNCTION_LIST_ARGUMENT(argument));
      }
    }
    return { withCode, pattern };
  },
  run: (ctx, { withCode, pattern }) => {
    const libraries: Reply[] = [];
    for (const library of ctx.server.scripting.functions.libraries.values()) {
      if (pattern !== undefined && !globMatch(pattern, library.name, true)) {
        continue;
      }
      const functions = library.functions.map((fn) =>
        reply.array([
          reply.bulk("name"),
          reply.bulk(fn.name),
          reply.bulk("description"),
          reply.bulkOrNull(fn.description),
          reply.bulk("flags"),
          reply.array(
            SCRIPT_FLAGS.filter(([, bit]) => (fn.flags & bit) !== 0).map(([name]) =>
              reply.simple(name),
            ),
          ),
        ]),
      );
      const fields = [
        reply.bulk("library_name"),
        reply.bulk(library.name),
        reply.bulk("engine"),
        reply.bulk("LUA"),
        reply.bulk("functions"),
        reply.array(functions),
      ];
      if (withCode) {
        fields.push(reply.bulk("library_code"), reply.bulk(library.code));
      }
      libraries.push(reply.array(fields));
    }
    return reply.array(libraries);
  },
});
