/**
 * The Vitest settings every workspace project shares (STYLE.md §13): source resolution through the
 * `@stratus/source` condition (§4.3) and a `node20` esbuild target, which lowers `using` and
 * `await using` for Node 20.
 */
import { defaultClientConditions, defaultServerConditions } from "vite";
import { defineProject, type UserWorkspaceConfig } from "vitest/config";

export function defineStratusProject(
  name: string,
  overrides: UserWorkspaceConfig["test"] = {},
): UserWorkspaceConfig {
  return defineProject({
    esbuild: { target: "node20" },
    resolve: { conditions: ["@stratus/source", ...defaultClientConditions] },
    ssr: { resolve: { conditions: ["@stratus/source", ...defaultServerConditions] } },
    test: { name, restoreMocks: true, ...overrides },
  });
}
