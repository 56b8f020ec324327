/**
 * The module boundaries of STYLE.md §5 as data: which workspace package may import which, and
 * which emulator layers may import which. `boundaries.test.ts` enforces them on the source tree.
 */

export const PACKAGES = {
  "@stratus/core": "packages/core",
  "@stratus/client": "packages/client",
  "@stratus/testing": "packages/testing",
  "@stratus/emulator": "apps/emulator",
  "@stratus/tui": "apps/tui",
} as const;

export type PackageName = keyof typeof PACKAGES;

/** Runtime edges (§5.1): importer → packages it may import from `src/`. */
export const ALLOWED_IMPORTS: Readonly<Record<PackageName, readonly PackageName[]>> = {
  "@stratus/core": [],
  "@stratus/client": ["@stratus/core"],
  "@stratus/testing": ["@stratus/core", "@stratus/emulator"],
  "@stratus/emulator": ["@stratus/core"],
  "@stratus/tui": ["@stratus/core", "@stratus/client"],
};

/** Extra edges allowed in test files only (§5.1 "tests only"). */
export const TEST_ONLY_IMPORTS: Readonly<Record<PackageName, readonly PackageName[]>> = {
  "@stratus/core": [],
  "@stratus/client": ["@stratus/testing"],
  "@stratus/testing": [],
  "@stratus/emulator": [],
  "@stratus/tui": ["@stratus/testing"],
};

/**
 * Emulator layers (§5.2): a folder under `apps/emulator/src` → the folders its files may import
 * relatively. Top-level files (`main.ts`, `emulator.ts`, …) may import anything.
 */
export const EMULATOR_LAYERS: Readonly<Record<string, readonly string[]>> = {
  http: [
    "http",
    "kv",
    "vector",
    "search",
    "queues",
    "management",
    "control",
    "snapshot",
    "faults",
    "metrics",
    "storage",
    "errors.ts",
  ],
  resp: ["resp", "kv", "metrics", "faults", "errors.ts"],
  kv: ["kv", "engine", "storage", "metrics", "errors.ts"],
  vector: ["vector", "storage", "metrics", "wasm", "errors.ts"],
  search: ["search", "vector", "storage", "metrics", "errors.ts"],
  management: ["management", "storage", "metrics", "kv", "vector", "queues", "errors.ts"],
  // Delivers over undici (an HTTP client, not a server): the queue product's own outbound traffic.
  queues: ["queues", "storage", "errors.ts"],
  engine: ["engine", "storage", "wasm"],
  storage: ["storage", "errors.ts"],
  metrics: ["metrics"],
  // The binary format of the small WebAssembly modules the emulator assembles itself.
  wasm: ["wasm"],
  // Reset and seed of every product's state: products register into it (issue 23).
  control: ["control", "kv", "vector", "search", "queues", "errors.ts"],
  // Snapshots of the whole emulator: every owner's store state, as a data directory (issue 23).
  // Fault rules and their decisions, applied by http/ and resp/ (issue 23).
  faults: ["faults"],
  snapshot: ["snapshot", "storage", "kv", "vector", "search", "queues", "management", "errors.ts"],
};

/** Node's servers and sockets, which only the HTTP and RESP layers (and the proxy) use. */
const NETWORK_IMPORTS = ["node:http", "node:https", "node:http2", "node:net"] as const;

/**
 * Node built-ins a folder must not import. The engine never touches the network; vector/ and
 * management/ reach HTTP only through http/ (their routes are `http/routes/*`, and the layer table
 * above gives them no edge to http/), so they open no server or socket of their own either.
 */
export const FORBIDDEN_NODE_IMPORTS: Readonly<Record<string, readonly string[]>> = {
  "packages/core/src": ["node:*"],
  "apps/emulator/src/engine": ["node:http", "node:net"],
  "apps/emulator/src/vector": NETWORK_IMPORTS,
  "apps/emulator/src/search": NETWORK_IMPORTS,
  "apps/emulator/src/management": NETWORK_IMPORTS,
};

/**
 * Test helpers that sit beside the code: only tests may import them, since the package build
 * (`tsconfig.build.json`) leaves them out of `dist` and `files` leaves them out of the package.
 */
export const TEST_SUPPORT_FILES: readonly string[] = [
  "apps/emulator/src/engine/test-support.ts",
  "apps/emulator/src/engine/commands/search/test-support.ts",
  "apps/emulator/src/storage/test-support.ts",
];

/**
 * Inside a layer: a folder → folders its files may not import. The engine's value types sit below
 * its commands (argument parsing stays with the commands; errors and number parsing are the
 * engine's own `errors.ts` and `numbers.ts`).
 */
export const FORBIDDEN_FOLDER_IMPORTS: Readonly<Record<string, readonly string[]>> = {
  "apps/emulator/src/engine/values": ["apps/emulator/src/engine/commands"],
};

/**
 * Folders whose subfolders may not import each other: a command group shares with another only
 * through the modules directly in `commands/`, `values/` or the engine.
 */
export const SEPARATE_SUBFOLDERS: readonly string[] = ["apps/emulator/src/engine/commands"];
