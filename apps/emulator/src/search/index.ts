/**
 * @module
 * The search product (search-wire.md): {@link SearchService} owns the search databases (hybrid
 * vector indexes whose namespaces are the search indexes); `http/routes/search.ts` serves them at
 * `/search/{name}/…`.
 */
export type { IndexSegment, SearchCommand, SearchOutcome } from "./commands.ts";
export {
  SEARCH_DATABASE_MODELS,
  type SearchDatabaseHandle,
  type SearchDatabaseSpec,
  SearchService,
  type SearchServiceOptions,
} from "./service.ts";
