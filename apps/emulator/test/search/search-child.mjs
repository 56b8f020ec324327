/**
 * A real emulator in a child process for the search crash test: prints the default search
 * database's URL and token as one JSON line and serves until killed. Usage:
 *   node --conditions=@stratus/source --import ../support/register-ts.mjs search-child.mjs <dataDir>
 */
import { createEmulator } from "../../src/index.ts";

const [dataDir] = process.argv.slice(2);
const emulator = await createEmulator({ port: 0, respPort: null, dataDir });
process.stdout.write(
  `${JSON.stringify({ searchUrl: emulator.searchUrl, searchToken: emulator.searchToken })}\n`,
);
