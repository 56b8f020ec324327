import { defineStratusProject } from "./vitest.shared.ts";

export default defineStratusProject("scripts");
