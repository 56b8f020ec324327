/**
 * @module
 * The search product (search-wire.md): {@link SearchService} owns the search databases (hybrid
 * vector indexes whose namespaces are the search indexes); `http/routes/search.ts` serves them at
 * `/search/{name}/…`.
 */
export type { SearchCommand, SearchOutcome } from "./commands.ts";
export {
  type SearchDatabaseHandle,
  type SearchDatabaseSpec,
  SearchService,
} from "./service.ts";
