#!/usr/bin/env node
/**
 * The JavaScript half of a package's build (issue 21: `import("@stratus/testing")` ≤ 300 ms cold).
 * `tsc -b tsconfig.build.json` writes only the declarations; this bundles the package's sources
 * into `dist/` with esbuild, one file per entry point (the `@stratus/source` targets of its
 * `exports`, plus the files named on the command line, e.g. a bin's `src/main.ts`) and shared
 * chunks under `dist/chunks/`.
 *
 * Why a bundle: Node's ESM loader spends about a millisecond per module (resolve, read, compile,
 * link), and the emulator alone is ~700 modules (one file per Redis command by design), so the
 * file-per-module output took 0.8–1.5 s to import however little of it ran. The bundle keeps the
 * source layout and the command table as they are. The package's own dependencies (npm and
 * `@stratus/*`) stay external, so each is loaded once and shared between packages; an `import()`
 * in the sources becomes a chunk loaded on first use.
 *
 * `--inline=<package>` bundles that dependency in rather than leaving it external, for packages of
 * many small modules: the emulator inlines `@stratus/core` (from its sources) and zod (95 modules,
 * ~60 ms of CPU as modules, ~25 ms inlined).
 * The cost is a private copy: `@stratus/testing` still imports `@stratus/core` itself, but only
 * its zod-free entries (`auth`, `rest`, `sse`, `base64`). An inlined package's own dependencies
 * must be inlined too or be dependencies of the bundling package (checked here), or an install
 * that does not hoist them (pnpm) would not find them.
 *
 * Run from a package directory: `node ../../scripts/bundle.mjs [--inline=<package> …] [extra entry …]`.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";

const manifest = JSON.parse(readFileSync("package.json", "utf8"));

/** The `@stratus/source` file of every export (the sources `dist/` mirrors). */
function exportedSources(exports) {
  return Object.values(exports ?? {})
    .map((target) => (typeof target === "object" ? target["@stratus/source"] : undefined))
    .filter((source) => typeof source === "string");
}

const args = process.argv.slice(2);
const inlined = new Set(
  args.filter((arg) => arg.startsWith("--inline=")).map((arg) => arg.slice("--inline=".length)),
);
const extraEntries = args.filter((arg) => !arg.startsWith("--"));

/** The packages a manifest's code may import at run time. */
function dependenciesOf(packageManifest) {
  return [
    ...Object.keys(packageManifest.dependencies ?? {}),
    ...Object.keys(packageManifest.peerDependencies ?? {}),
    ...Object.keys(packageManifest.optionalDependencies ?? {}),
  ];
}

const declared = new Set(dependenciesOf(manifest));
for (const name of inlined) {
  if (!declared.has(name)) {
    throw new Error(`--inline=${name}: not a dependency of ${manifest.name}`);
  }
  const inlinedManifest = JSON.parse(
    readFileSync(join("node_modules", name, "package.json"), "utf8"),
  );
  const missing = Object.keys(inlinedManifest.dependencies ?? {}).filter(
    (dependency) => !inlined.has(dependency) && !declared.has(dependency),
  );
  if (missing.length > 0) {
    throw new Error(`${name}, inlined, needs ${missing.join(", ")}: declare or inline them`);
  }
}
const external = [...declared].filter((name) => !inlined.has(name));

/** Removes the JavaScript a previous build left (tsc's file-per-module output, old chunks). */
function removeOldJavaScript(directory) {
  if (!existsSync(directory)) {
    return;
  }
  for (const entry of readdirSync(directory, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && /\.js(\.map)?$/.test(entry.name)) {
      rmSync(join(entry.parentPath, entry.name));
    }
  }
}

/**
 * An inlined zod is this package's private copy, configured once with English messages (its
 * default): its 40-odd other locales (366 KB, an eighth of the emulator's bundle, parsed at every
 * import) are left out. Only `z.locales` of this copy loses them, and nothing here reads it.
 */
const englishOnlyZod = {
  name: "english-only-zod",
  setup(plugin) {
    plugin.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, ({ importer, resolveDir }) =>
      /[\\/]zod[\\/]/.test(importer)
        ? { path: join(resolveDir, "../locales/en.js"), namespace: "zod-english" }
        : undefined,
    );
    plugin.onLoad({ filter: /.*/, namespace: "zod-english" }, ({ path }) => ({
      contents: `export { default as en } from ${JSON.stringify(path)};`,
      resolveDir: join(path, ".."),
    }));
  },
};

removeOldJavaScript("dist");
await build({
  entryPoints: [...exportedSources(manifest.exports), ...extraEntries],
  outbase: "src",
  outdir: "dist",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  // Subpaths too (`@stratus/core/schemas`, `@orama/stemmers/arabic`).
  external: external.flatMap((name) => [name, `${name}/*`]),
  // An inlined workspace package is bundled from its sources, as the workspace's tools read it.
  conditions: ["@stratus/source"],
  chunkNames: "chunks/[name]-[hash]",
  // Stack traces name the sources (shipped in the package beside `dist/`).
  sourcemap: "linked",
  sourcesContent: false,
  plugins: inlined.has("zod") ? [englishOnlyZod] : [],
  logLevel: "warning",
});
