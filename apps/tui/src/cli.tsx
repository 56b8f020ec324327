#!/usr/bin/env node
/**
 * `stratus-tui`: flags, variables and the emulator's connection file → options → the interactive
 * UI, or a snapshot for scripts (`stats --once --json`, `resources`, `command`). Without a terminal
 * on stdin it never enters raw mode: snapshots need none, and the UI refuses to start. Ink is
 * imported only for the UI, after the CI check below (it reads `CI` once, when loaded).
 */
import type { ScreenName } from "./app.tsx";
import { createServices } from "./lib/connect.ts";
import { readConnectionFile } from "./lib/connection-file.ts";
import { type CliOptions, helpText, parseCli } from "./lib/options.ts";
import type { ResourceRef } from "./lib/services.ts";
import { runSnapshot } from "./lib/snapshot.ts";

/** Where `stats` opens in the UI: the resource given by flag, else the database screen. */
function statsScreen(options: CliOptions): {
  readonly screen: ScreenName;
  readonly resource: ResourceRef | undefined;
} {
  if (options.vectorIndex !== undefined) {
    const id = options.vectorIndex;
    return { screen: "Vector stats", resource: { kind: "vector", id, name: id } };
  }
  const id = options.database;
  return {
    screen: "Database stats",
    resource: id === undefined ? undefined : { kind: "database", id, name: id },
  };
}

async function main(): Promise<number> {
  const parsed = parseCli(process.argv.slice(2), process.env, {
    readConnection: readConnectionFile,
  });
  switch (parsed.kind) {
    case "help":
      process.stdout.write(helpText());
      return 0;
    case "error":
      process.stderr.write(`stratus-tui: ${parsed.message}\n`);
      return 2;
    case "run":
      break;
    default:
      return 2;
  }
  const { command, options, words } = parsed;
  const hasTerminal = process.stdin.isTTY === true && process.stdout.isTTY === true;
  const services = createServices(options);
  try {
    const isSnapshot =
      command === "resources" ||
      command === "command" ||
      (command === "stats" && (options.once || !hasTerminal));
    if (isSnapshot) {
      const result = await runSnapshot(command, { words, options }, services);
      process.stdout.write(result.stdout);
      process.stderr.write(result.stderr);
      return result.exitCode;
    }
    if (!hasTerminal) {
      process.stderr.write(
        "stratus-tui: the interactive UI needs a terminal; in scripts use `stratus-tui stats --once --json`, `resources` or `command`.\n",
      );
      return 2;
    }
    // Ink draws only the last frame when `CI` is set; stdin and stdout are a real terminal here
    // (checked above), so someone is watching: draw interactively, and say why.
    const ciVariables = ["CI", "CONTINUOUS_INTEGRATION"].filter((name) => {
      const value = process.env[name];
      return value !== undefined && value !== "0" && value !== "false";
    });
    if (ciVariables.length > 0) {
      process.stderr.write(
        `stratus-tui: ${ciVariables.join(" and ")} set, but stdin and stdout are a terminal: drawing the interactive UI.\n`,
      );
      for (const name of ciVariables) {
        delete process.env[name];
      }
    }
    const [{ render }, { App }] = await Promise.all([import("ink"), import("./app.tsx")]);
    const start = command === "stats" ? statsScreen(options) : undefined;
    const instance = render(
      <App
        services={services}
        options={options}
        {...(start === undefined ? {} : { initialScreen: start.screen })}
        {...(start?.resource === undefined ? {} : { initialResource: start.resource })}
      />,
    );
    await instance.waitUntilExit();
    return 0;
  } finally {
    await services.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // The last catch of the bin (STYLE.md §12): a message, never a stack trace.
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`stratus-tui: ${message}\n`);
    process.exitCode = 1;
  },
);
