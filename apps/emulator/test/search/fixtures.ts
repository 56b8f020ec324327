/**
 * A live emulator for the search tests: port 0, a ManualClock, no RESP, and the real
 * `@upstash/search` client on the default search database.
 */
import { Search } from "@upstash/search";
import {
  createEmulator,
  type Emulator,
  type EmulatorOptions,
  ManualClock,
} from "../../src/index.ts";

export interface SearchTestServer extends AsyncDisposable {
  readonly emulator: Emulator;
  readonly clock: ManualClock;
  /** The SDK on the default search database, with its Standard token unless given another. */
  client(options?: { url?: string; token?: string }): Search;
}

export async function startSearchServer(options: EmulatorOptions = {}): Promise<SearchTestServer> {
  const clock = new ManualClock();
  const emulator = await createEmulator({ port: 0, respPort: null, clock, ...options });
  return {
    emulator,
    clock,
    client: (given = {}) =>
      new Search({
        url: given.url ?? emulator.searchUrl,
        token: given.token ?? emulator.searchToken,
        retry: false,
        enableTelemetry: false,
      }),
    [Symbol.asyncDispose]: () => emulator.close(),
  };
}

// Type aliases, not interfaces: the SDK's `Dict` constraint needs an index signature.
export type Movie = {
  title: string;
  overview: string;
  genre: string;
  year: number;
};

export type MovieMetadata = {
  director: string;
  rating: number;
};

/** A small corpus with distinct words per document, so rankings are checkable. */
export const MOVIES: { id: string; content: Movie; metadata: MovieMetadata }[] = [
  {
    id: "star-wars",
    content: {
      title: "Star Wars",
      overview: "A space opera about rebels fighting an evil galactic empire",
      genre: "sci-fi",
      year: 1977,
    },
    metadata: { director: "George Lucas", rating: 8.6 },
  },
  {
    id: "inception",
    content: {
      title: "Inception",
      overview: "A thief steals secrets through dream-sharing technology",
      genre: "sci-fi",
      year: 2010,
    },
    metadata: { director: "Christopher Nolan", rating: 8.8 },
  },
  {
    id: "godfather",
    content: {
      title: "The Godfather",
      overview: "The aging patriarch of a crime dynasty transfers control to his son",
      genre: "crime",
      year: 1972,
    },
    metadata: { director: "Francis Ford Coppola", rating: 9.2 },
  },
  {
    id: "heat",
    content: {
      title: "Heat",
      overview: "A detective hunts a crew of professional bank robbers in Los Angeles",
      genre: "crime",
      year: 1995,
    },
    metadata: { director: "Michael Mann", rating: 8.3 },
  },
  {
    id: "interstellar",
    content: {
      title: "Interstellar",
      overview: "Explorers travel through a wormhole in space to save humanity",
      genre: "sci-fi",
      year: 2014,
    },
    metadata: { director: "Christopher Nolan", rating: 8.7 },
  },
];
