/**
 * Command metadata for both backends, read from the embedded engine's table (STYLE.md §7.1): the
 * proxy backend refuses and classifies commands exactly as the memory backend does.
 */
import { COMMAND_TABLE, type Command } from "../engine/index.ts";

/** For callers outside `kv/` that pass a looked-up command along (they may not import the engine). */
export type { Command };

/** The command (or subcommand) `argv` names, or undefined when the engine does not know it. */
export function lookupCommand(argv: readonly Uint8Array[]): Command | undefined {
  const command = COMMAND_TABLE.get(upperAscii(argv[0]));
  if (command?.subcommands === undefined) {
    return command;
  }
  return command.subcommands.get(upperAscii(argv[1])) ?? command;
}

/** Command names are short: longer arguments (a subcommand slot holding a key) take the general path. */
const MAX_LOOP_NAME = 32;

function upperAscii(bytes: Uint8Array | undefined): string {
  if (bytes === undefined) {
    return "";
  }
  // Runs on every request: a loop over a short ASCII name is several times cheaper than a latin1
  // decode plus toUpperCase. Other bytes take that path, since toUpperCase maps some of them to
  // ASCII (ß → SS) and lookups must not change.
  if (bytes.byteLength <= MAX_LOOP_NAME) {
    let name = "";
    for (const byte of bytes) {
      if (byte > 0x7f) {
        return latin1Upper(bytes);
      }
      name += String.fromCharCode(byte >= 0x61 && byte <= 0x7a ? byte - 0x20 : byte);
    }
    return name;
  }
  return latin1Upper(bytes);
}

function latin1Upper(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("latin1").toUpperCase();
}

/** Whether the command changes data (its metadata says `write`), for metrics and the sync token. */
export function isWriteCommand(command: Command | undefined): boolean {
  return command?.flags.has("write") ?? false;
}
