/** `pnpm gen`: writes docs/commands.md from the engine's command table. */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { renderCommandDocs } from "../src/engine/command-docs.ts";

writeFileSync(
  fileURLToPath(new URL("../../../docs/commands.md", import.meta.url)),
  renderCommandDocs(),
);
