import { defineStratusProject } from "../../scripts/vitest.shared.ts";

export default defineStratusProject("core");
