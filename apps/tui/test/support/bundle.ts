/**
 * Builds the `stratus-tui` bin for end-to-end tests: `src/cli.tsx` and the workspace packages it
 * imports (from source, through the `@stratus/source` condition) in one ES module, with Ink and
 * React left to `apps/tui/node_modules`. It is written under `node_modules/.e2e`, so the bin
 * resolves those the way the installed package would, and nothing lands in the source tree.
 */
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build, defaultServerConditions } from "vite";

/** The app's folder. */
export const APP_ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** Where bundles go; each test file has its own folder, as test files run in parallel. */
const OUT_ROOT = "node_modules/.e2e";

/** The undici that `@stratus/client` depends on, as a file URL. */
function undiciUrl(): string {
  const fromClient = createRequire(
    createRequire(`${APP_ROOT}package.json`).resolve("@stratus/client/package.json"),
  );
  return pathToFileURL(fromClient.resolve("undici")).href;
}

/** Builds the bin into `node_modules/.e2e/<name>` and returns the path of its entry file. */
export async function bundleCli(name: string): Promise<string> {
  const outDir = `${OUT_ROOT}/${name}`;
  const conditions = ["@stratus/source", ...defaultServerConditions];
  await build({
    configFile: false,
    logLevel: "error",
    root: APP_ROOT,
    resolve: { conditions },
    ssr: {
      // The workspace packages are sources; their own dependencies are not visible from here
      // (pnpm isolates them), so they are bundled too.
      noExternal: [/^@stratus\//, "zod"],
      external: ["ink", "react", "@inkjs/ui", "undici"],
      resolve: { conditions, externalConditions: ["node"] },
    },
    esbuild: { target: "node20" },
    build: {
      ssr: "src/cli.tsx",
      outDir,
      emptyOutDir: true,
      target: "node20",
      minify: false,
      sourcemap: false,
      rollupOptions: {
        // undici is not bundled (its CommonJS requires optional built-ins such as `node:sqlite`
        // eagerly once bundled); the bin imports the client's own copy by path instead.
        output: { entryFileNames: "cli.mjs", format: "es", paths: { undici: undiciUrl() } },
      },
    },
  });
  return `${APP_ROOT}${outDir}/cli.mjs`;
}
