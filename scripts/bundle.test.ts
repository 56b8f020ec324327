import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, test } from "vitest";
import { PACKAGES } from "./boundaries.ts";

/**
 * `scripts/bundle.mjs` writes one `dist/` file per entry point it is given (the `@stratus/source`
 * exports plus the build script's extra arguments) and nothing else: every export and every bin
 * launcher of a bundled package must name one of them, or the published package is missing it.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

interface Manifest {
  readonly exports?: Record<string, string | Record<string, string>>;
  readonly bin?: Record<string, string>;
  readonly scripts?: Record<string, string>;
}

function readManifest(directory: string): Manifest {
  return JSON.parse(readFileSync(join(root, directory, "package.json"), "utf8")) as Manifest;
}

/** The `dist/` files the bundle writes: `src/a/b.ts` → `dist/a/b.js`. */
function bundledFiles(manifest: Manifest, buildScript: string): Set<string> {
  const sources = Object.values(manifest.exports ?? {}).flatMap((target) =>
    typeof target === "object" && target["@stratus/source"] !== undefined
      ? [target["@stratus/source"]]
      : [],
  );
  const extra = (buildScript.split("scripts/bundle.mjs")[1] ?? "")
    .trim()
    .split(/\s+/)
    .filter((arg) => arg !== "" && !arg.startsWith("--"));
  return new Set(
    [...sources, ...extra].map((source) =>
      source.replace(/^(\.\/)?src\//, "dist/").replace(/\.ts$/, ".js"),
    ),
  );
}

/** The built file a committed bin launcher runs (`new URL("../dist/main.js", import.meta.url)`). */
function launcherTarget(directory: string, launcher: string): string | undefined {
  const text = readFileSync(join(root, directory, launcher), "utf8");
  return /new URL\("\.\.\/(dist\/[^"]+\.js)"/.exec(text)?.[1];
}

const bundled = Object.entries(PACKAGES).flatMap(([name, directory]) => {
  const manifest = readManifest(directory);
  const build = manifest.scripts?.["build"] ?? "";
  return build.includes("scripts/bundle.mjs") ? [{ name, directory, manifest, build }] : [];
});

describe("bundled package builds", () => {
  test("the packages users import first are bundled", ({ expect }) => {
    expect(bundled.map(({ name }) => name).sort()).toEqual(
      expect.arrayContaining(["@stratus/core", "@stratus/emulator", "@stratus/testing"]),
    );
  });

  for (const { name, directory, manifest, build } of bundled) {
    test(`${name}: every export and bin is an entry of the bundle`, ({ expect }) => {
      const files = bundledFiles(manifest, build);
      for (const target of Object.values(manifest.exports ?? {})) {
        if (typeof target === "object" && target["default"] !== undefined) {
          expect(files).toContain(target["default"].replace(/^\.\//, ""));
        }
      }
      for (const launcher of Object.values(manifest.bin ?? {})) {
        expect(files).toContain(launcherTarget(directory, launcher));
      }
    });

    test(`${name}: tsc writes declarations only (the bundle is the JavaScript)`, ({ expect }) => {
      const config = readFileSync(join(root, directory, "tsconfig.build.json"), "utf8");
      expect(config).toMatch(/"emitDeclarationOnly": true/);
    });
  }
});
