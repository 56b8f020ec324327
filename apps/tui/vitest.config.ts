import { defineStratusProject } from "../../scripts/vitest.shared.ts";

// Screen tests wait on frames from a live emulator; a frame wait gives up after 5 s on its own.
export default defineStratusProject("tui", { testTimeout: 20_000 });
