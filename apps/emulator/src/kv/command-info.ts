/**
 * Command metadata for both backends, read from the embedded engine's table (STYLE.md §7.1): the
 * proxy backend refuses and classifies commands exactly as the memory backend does.
 */
import { asciiUpper, COMMAND_TABLE, type Command } from "../engine/index.ts";
import type { Argv } from "./backend.ts";

/** For callers outside `kv/` that pass a looked-up command along (they may not import the engine). */
export type { Command };

/** The command (or subcommand) `argv` names, or undefined when the engine does not know it. */
export function lookupCommand(argv: Argv): Command | undefined {
  // As the engine compares command names (`strcasecmp`: ASCII letters only).
  const command = COMMAND_TABLE.get(asciiUpper(argv[0] ?? ""));
  if (command?.subcommands === undefined) {
    return command;
  }
  return command.subcommands.get(asciiUpper(argv[1] ?? "")) ?? command;
}

/** Whether the command changes data (its metadata says `write`), for metrics and the sync token. */
export function isWriteCommand(command: Command | undefined): boolean {
  return command?.flags.has("write") ?? false;
}
