/**
 * Command metadata for both backends, read from the embedded engine's table (STYLE.md §7.1): the
 * proxy backend refuses and classifies commands exactly as the memory backend does.
 */
import { COMMAND_TABLE, type Command } from "../engine/index.ts";

/** The command (or subcommand) `argv` names, or undefined when the engine does not know it. */
export function lookupCommand(argv: readonly Uint8Array[]): Command | undefined {
  const command = COMMAND_TABLE.get(upperAscii(argv[0]));
  if (command?.subcommands === undefined) {
    return command;
  }
  return command.subcommands.get(upperAscii(argv[1])) ?? command;
}

function upperAscii(bytes: Uint8Array | undefined): string {
  return bytes === undefined ? "" : Buffer.from(bytes).toString("latin1").toUpperCase();
}

/** Whether the command changes data (its metadata says `write`), for metrics and the sync token. */
export function isWriteCommand(command: Command | undefined): boolean {
  return command?.flags.has("write") ?? false;
}
