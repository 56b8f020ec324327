#!/usr/bin/env node
import { HELP_TEXT, readCliConfig } from "./config.ts";
import { createEmulator } from "./emulator.ts";
import { EmulatorError } from "./errors.ts";

async function main(): Promise<void> {
  const command = readCliConfig(process.argv.slice(2));
  if (command.kind === "help") {
    process.stdout.write(HELP_TEXT);
    return;
  }
  const emulator = await createEmulator(command.config);
  process.stdout.write(`stratus-emulator listening on ${emulator.url}\n`);
  const stop = (): void => {
    emulator.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main().catch((error: unknown) => {
  if (error instanceof EmulatorError && error.isUserError) {
    process.stderr.write(`stratus-emulator: ${error.message}\n`);
  } else {
    process.stderr.write(
      `stratus-emulator: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exitCode = 1;
});
