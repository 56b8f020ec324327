/**
 * Runs a real emulator in a child process for crash tests: prints its URL as one JSON line and
 * serves until killed. Usage:
 *   node --conditions=@stratus/source --import ./register-ts.mjs emulator-child.mjs <dataDir> <fsync>
 */
import { createEmulator } from "../../src/index.ts";

const [dataDir, fsync] = process.argv.slice(2);
const emulator = await createEmulator({
  port: 0,
  respPort: null,
  dataDir,
  fsync,
  token: "crash-token",
  readOnlyToken: "crash-read-only",
});
process.stdout.write(`${JSON.stringify({ url: emulator.url })}\n`);
