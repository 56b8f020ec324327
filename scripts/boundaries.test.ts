import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, test } from "vitest";
import {
  ALLOWED_IMPORTS,
  EMULATOR_LAYERS,
  FORBIDDEN_FOLDER_IMPORTS,
  FORBIDDEN_NODE_IMPORTS,
  PACKAGES,
  type PackageName,
  SEPARATE_SUBFOLDERS,
  TEST_ONLY_IMPORTS,
  TEST_SUPPORT_FILES,
} from "./boundaries.ts";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  if (!existsSync(dir)) {
    return files;
  }
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules" && entry.name !== "dist" && entry.name !== "dist-ts") {
        files.push(...sourceFiles(path));
      }
    } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) {
      files.push(path);
    }
  }
  return files;
}

function importsOf(file: string): string[] {
  return ts
    .preProcessFile(readFileSync(file, "utf8"), true, true)
    .importedFiles.map((f) => f.fileName);
}

const isTestFile = (file: string): boolean =>
  /\.test(-d)?\.tsx?$/.test(file) || file.includes("/test/");

function packageOf(specifier: string): PackageName | undefined {
  const name = /^(@stratus\/[^/]+)/.exec(specifier)?.[1];
  return name !== undefined && name in PACKAGES ? (name as PackageName) : undefined;
}

function exportedSubpaths(pkg: PackageName): Set<string> {
  const manifest = JSON.parse(readFileSync(join(root, PACKAGES[pkg], "package.json"), "utf8")) as {
    exports?: Record<string, unknown>;
  };
  return new Set(Object.keys(manifest.exports ?? {}).map((key) => key.replace(/^\./, pkg)));
}

describe("package boundaries (STYLE.md §5.1)", () => {
  for (const [name, dir] of Object.entries(PACKAGES) as [PackageName, string][]) {
    test(`${name} declares exactly the workspace dependencies it may use`, ({ expect }) => {
      const manifest = JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8")) as {
        dependencies?: Record<string, string>;
        devDependencies?: Record<string, string>;
      };
      const runtime = Object.keys(manifest.dependencies ?? {}).filter((dep) =>
        dep.startsWith("@stratus/"),
      );
      const dev = Object.keys(manifest.devDependencies ?? {}).filter((dep) =>
        dep.startsWith("@stratus/"),
      );
      expect(runtime.sort()).toEqual([...ALLOWED_IMPORTS[name]].sort());
      for (const dep of dev) {
        expect(TEST_ONLY_IMPORTS[name]).toContain(dep);
      }
    });

    test(`${name} imports only allowed packages through exported subpaths`, ({ expect }) => {
      const violations: string[] = [];
      for (const file of sourceFiles(join(root, dir))) {
        const allowed = [
          ...ALLOWED_IMPORTS[name],
          ...(isTestFile(file) ? TEST_ONLY_IMPORTS[name] : []),
        ];
        for (const specifier of importsOf(file)) {
          const target = packageOf(specifier);
          if (target === undefined || target === name) {
            continue;
          }
          if (!allowed.includes(target) || !exportedSubpaths(target).has(specifier)) {
            violations.push(`${relative(root, file)} → ${specifier}`);
          }
        }
      }
      expect(violations).toEqual([]);
    });
  }

  test("test helpers are imported by tests only", ({ expect }) => {
    const helpers = new Set(TEST_SUPPORT_FILES.map((file) => join(root, file)));
    for (const helper of helpers) {
      expect(existsSync(helper), helper).toBe(true);
    }
    const violations: string[] = [];
    for (const dir of Object.values(PACKAGES)) {
      for (const file of sourceFiles(join(root, dir))) {
        if (isTestFile(file) || helpers.has(file)) {
          continue;
        }
        for (const specifier of importsOf(file)) {
          if (specifier.startsWith(".") && helpers.has(resolve(dirname(file), specifier))) {
            violations.push(`${relative(root, file)} → ${specifier}`);
          }
        }
      }
    }
    expect(violations).toEqual([]);
  });

  test("forbidden node built-ins stay out", ({ expect }) => {
    const violations: string[] = [];
    for (const [dir, banned] of Object.entries(FORBIDDEN_NODE_IMPORTS)) {
      for (const file of sourceFiles(join(root, dir))) {
        for (const specifier of importsOf(file)) {
          const hit = banned.some((ban) =>
            ban === "node:*" ? specifier.startsWith("node:") : specifier === ban,
          );
          if (hit) {
            violations.push(`${relative(root, file)} → ${specifier}`);
          }
        }
      }
    }
    expect(violations).toEqual([]);
  });
});

describe("emulator layers (STYLE.md §5.2)", () => {
  test("relative imports follow the layer table", ({ expect }) => {
    const src = join(root, "apps/emulator/src");
    const violations: string[] = [];
    for (const file of sourceFiles(src)) {
      const layer = relative(src, file).split("/")[0] ?? "";
      const allowed = EMULATOR_LAYERS[layer];
      if (allowed === undefined) {
        continue; // top-level wiring files may import any layer
      }
      for (const specifier of importsOf(file)) {
        if (!specifier.startsWith(".")) {
          continue;
        }
        const target = relative(src, resolve(dirname(file), specifier)).split("/")[0] ?? "";
        if (!allowed.includes(target)) {
          violations.push(`${relative(src, file)} → ${specifier}`);
        }
      }
    }
    expect(violations).toEqual([]);
  });
});

/** Relative imports of the files under `dir`, as paths from the repository root. */
function relativeImportsUnder(dir: string): { file: string; target: string }[] {
  const edges: { file: string; target: string }[] = [];
  for (const file of sourceFiles(join(root, dir))) {
    for (const specifier of importsOf(file)) {
      if (specifier.startsWith(".")) {
        edges.push({
          file: relative(root, file),
          target: relative(root, resolve(dirname(file), specifier)),
        });
      }
    }
  }
  return edges;
}

describe("folders inside a layer", () => {
  test("forbidden folder imports stay out (values below commands)", ({ expect }) => {
    const violations: string[] = [];
    for (const [dir, banned] of Object.entries(FORBIDDEN_FOLDER_IMPORTS)) {
      for (const { file, target } of relativeImportsUnder(dir)) {
        if (banned.some((folder) => target.startsWith(`${folder}/`))) {
          violations.push(`${file} → ${target}`);
        }
      }
    }
    expect(violations).toEqual([]);
  });

  test("sibling subfolders do not import each other (command groups)", ({ expect }) => {
    const violations: string[] = [];
    for (const dir of SEPARATE_SUBFOLDERS) {
      const subfolderOf = (path: string): string | undefined => {
        const parts = relative(dir, path).split("/");
        return parts.length > 1 && parts[0] !== ".." ? parts[0] : undefined;
      };
      for (const { file, target } of relativeImportsUnder(dir)) {
        const from = subfolderOf(file);
        const to = subfolderOf(target);
        if (from !== undefined && to !== undefined && from !== to) {
          violations.push(`${file} → ${target}`);
        }
      }
    }
    expect(violations).toEqual([]);
  });
});
