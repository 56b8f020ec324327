/**
 * The search databases as a {@link StatefulProduct}: reset empties every search index of a
 * database (its documents go, the database and its tokens stay), through the same `reset?all`
 * command the SDK's `reset` runs, so it is journaled and persisted like any write. Search has no
 * seed section yet: documents are seeded with `@stratus/testing`'s `seedDocuments`.
 */
import { searchCommands } from "../search/commands.ts";
import type { SearchService } from "../search/service.ts";
import { StateError, type StatefulProduct } from "./state.ts";

export function searchStateProduct(service: SearchService): StatefulProduct {
  const resetCommand = searchCommands()["reset"];
  return {
    name: "search",
    resources: () => service.listDatabases().map((database) => database.name),
    async reset(resource) {
      const names = resource === undefined ? this.resources() : [resource];
      for (const name of names) {
        const index = service.database(name);
        if (index === undefined || resetCommand === undefined) {
          throw new StateError(`search: no database named "${name}"`, 404);
        }
        await service.execute(resetCommand, {
          index,
          namespace: "",
          body: undefined,
          query: new URLSearchParams("all"),
        });
      }
    },
  };
}
