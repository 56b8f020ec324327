/**
 * A real emulator in a child process for the vector crash test: prints the default vector index's
 * URL and token as one JSON line and serves until killed. Usage:
 *   node --conditions=@stratus/source --import ../support/register-ts.mjs vector-child.mjs <dataDir> <fsync>
 */
import { createEmulator } from "../../src/index.ts";

const [dataDir, fsync] = process.argv.slice(2);
const emulator = await createEmulator({ port: 0, respPort: null, dataDir, fsync });
process.stdout.write(
  `${JSON.stringify({ vectorUrl: emulator.vectorUrl, vectorToken: emulator.vectorToken })}\n`,
);
