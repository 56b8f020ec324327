/**
 * A real emulator in a child process for the queue crash test: prints its queue URL, token and
 * signing keys as one JSON line and serves until killed. Usage:
 *   node --conditions=@stratus/source --import ../support/register-ts.mjs queue-child.mjs <dataDir>
 */
import { createEmulator } from "../../src/index.ts";

const [dataDir] = process.argv.slice(2);
const emulator = await createEmulator({ port: 0, respPort: null, dataDir, fsync: "always" });
process.stdout.write(
  `${JSON.stringify({ queueUrl: emulator.queueUrl, queueToken: emulator.queueToken })}\n`,
);
