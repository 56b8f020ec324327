/** The search group's commands (the service's SEARCH.*, not RediSearch), alphabetically. */
import type { Command } from "../define.ts";
import { searchAggregate } from "./aggregate.ts";
import { searchAliasadd } from "./aliasadd.ts";
import { searchAliasdel } from "./aliasdel.ts";
import { searchCount } from "./count.ts";
import { searchCreate } from "./create.ts";
import { searchDescribe } from "./describe.ts";
import { searchDrop } from "./drop.ts";
import { searchListaliases } from "./listaliases.ts";
import { searchListindexes } from "./listindexes.ts";
import { searchQuery } from "./query.ts";
import { searchReindex } from "./reindex.ts";
import { searchWaitindexing } from "./waitindexing.ts";

export const searchCommands: readonly Command[] = [
  searchAggregate,
  searchAliasadd,
  searchAliasdel,
  searchCount,
  searchCreate,
  searchDescribe,
  searchDrop,
  searchListaliases,
  searchListindexes,
  searchQuery,
  searchReindex,
  searchWaitindexing,
];
