import { isAclCategory } from "../../acl/rules.ts";
import { asciiLower } from "../../bytes.ts";
import { ReplyError } from "../../errors.ts";
import { reply } from "../../reply.ts";
import { ACL_CATEGORIES, defineCommand } from "../define.ts";

/**
 * ACL CAT [category]: the ACL categories, or the commands (subcommands as `container|sub`) in one.
 * @see https://redis.io/commands/acl-cat
 */
export const aclCat = defineCommand({
  name: "ACL|CAT",
  group: "server",
  arity: -2,
  flags: ["noscript", "loading", "stale"],
  since: "6.0.0",
  summary: "Lists the ACL categories, or the commands inside a category.",
  complexity: "O(1) since the categories and commands are a fixed set.",
  parse: (args) => ({ category: args.hasMore() ? args.string() : undefined }),
  run: (ctx, { category }) => {
    if (category === undefined) {
      return reply.bulks(ACL_CATEGORIES);
    }
    const name = asciiLower(category);
    if (!isAclCategory(name)) {
      throw new ReplyError(`ERR Unknown category '${category}'`);
    }
    const names: string[] = [];
    for (const command of ctx.server.commands.values()) {
      // Containers have no categories of their own in Redis: their subcommands are listed.
      for (const member of command.subcommands?.values() ?? [command]) {
        if (member.aclCategories.includes(name)) {
          names.push(member.fullName);
        }
      }
    }
    return reply.bulks(names);
  },
});
