import { defineStratusProject } from "../../scripts/vitest.shared.ts";

// Type tests (`*.test-d.ts`) run through `tsc` alongside the runtime tests (STYLE.md §8).
export default defineStratusProject("client", {
  typecheck: { enabled: true, include: ["src/**/*.test-d.ts", "test/**/*.test-d.ts"] },
});
