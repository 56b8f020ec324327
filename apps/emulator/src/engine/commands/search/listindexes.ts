import { asciiUpper } from "../../bytes.ts";
import { globMatch } from "../../glob.ts";
import { reply } from "../../reply.ts";
import { searchError } from "../../search/errors.ts";
import { defineCommand } from "../define.ts";

/**
 * SEARCH.LISTINDEXES [MATCH glob] [LIMIT n] [OFFSET n]: `[name, n, type, t]` per index, by name
 * (LIMIT 0, the default, lists all).
 * @see redis-search.md §1.6
 */
export const searchListindexes = defineCommand({
  name: "SEARCH.LISTINDEXES",
  group: "search",
  arity: -1,
  flags: ["readonly"],
  since: "1.0.0",
  summary: "Lists the search indexes, optionally filtered by a glob.",
  complexity: "O(N) for N indexes",
  parse: (args) => {
    let match: string | undefined;
    let limit = 0;
    let offset = 0;
    while (args.hasMore()) {
      const option = asciiUpper(args.string());
      if (option === "MATCH" && args.hasMore()) {
        match = args.string();
      } else if ((option === "LIMIT" || option === "OFFSET") && args.hasMore()) {
        const value = Number(args.string());
        if (!Number.isInteger(value) || value < 0) {
          throw searchError(`ERR ${option} must be a non-negative integer`);
        }
        if (option === "LIMIT") {
          limit = value;
        } else {
          offset = value;
        }
      } else {
        throw searchError(`ERR Unknown argument: ${option}`);
      }
    }
    return { match, limit, offset };
  },
  run: (ctx, { match, limit, offset }) => {
    const names = [...ctx.server.search.indexes()]
      .filter((index) => match === undefined || globMatch(match, index.definition.name))
      .sort((a, b) => (a.definition.name < b.definition.name ? -1 : 1))
      .slice(offset, limit === 0 ? undefined : offset + limit);
    return reply.array(
      names.map((index) =>
        reply.bulks(["name", index.definition.name, "type", index.definition.dataType]),
      ),
    );
  },
});
