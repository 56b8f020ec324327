/**
 * The part of the search service (`search/service.ts`) that the management API drives: create,
 * look up, list and delete search databases, and re-key them. Typed structurally, as
 * `vector-contract.ts` is, so this folder does not depend on the service's internals.
 */

export interface SearchDatabaseSpec {
  /** URL slug: served at `/search/{name}`; never changes (rename changes the record's name). */
  readonly name: string;
  readonly token?: string | undefined;
  readonly readOnlyToken?: string | undefined;
}

/** The levels the stats need: documents are the index's vectors. */
export interface SearchDatabaseStats {
  readonly vectorCount: number;
  readonly pendingVectorCount: number;
  readonly indexSize: number;
}

export interface SearchDatabaseHandle {
  readonly name: string;
  readonly token: string;
  readonly readOnlyToken: string;
  resetTokens(): { token: string; readOnlyToken: string };
  stats(): SearchDatabaseStats;
}

export interface SearchDatabases {
  createDatabase(spec: SearchDatabaseSpec): Promise<SearchDatabaseHandle>;
  getDatabase(name: string): SearchDatabaseHandle | undefined;
  listDatabases(): SearchDatabaseHandle[];
  deleteDatabase(name: string): Promise<boolean>;
}
