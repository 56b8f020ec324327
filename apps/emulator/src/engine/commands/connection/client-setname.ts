import { validateClientName } from "../../client-list.ts";
import { reply } from "../../reply.ts";
import { defineCommand } from "../define.ts";

/**
 * CLIENT SETNAME connection-name: names the connection (printable ASCII without spaces; empty
 * clears the name).
 * @see https://redis.io/commands/client-setname
 */
export const clientSetname = defineCommand({
  name: "CLIENT|SETNAME",
  group: "connection",
  arity: 3,
  flags: ["noscript", "loading", "stale"],
  categories: ["connection"],
  since: "2.6.9",
  summary: "Sets the connection name.",
  complexity: "O(1)",
  parse: (args) => ({ name: validateClientName(args.string()) }),
  run: (ctx, { name }) => {
    ctx.session.name = name;
    return reply.ok();
  },
});
