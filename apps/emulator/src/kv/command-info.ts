/**
 * Command metadata for both backends, read from the embedded engine's table (STYLE.md §7.1): the
 * proxy backend refuses and classifies commands exactly as the memory backend does.
 */
import {
  COMMAND_TABLE,
  type Command,
  findCommand,
  type RestRefusal,
  resolveLookedUp,
} from "../engine/index.ts";
import type { Argv } from "./backend.ts";

/** For callers outside `kv/` that pass a looked-up command along (they may not import the engine). */
export type { Command, RestRefusal };

/**
 * The command (or subcommand) `argv` names, or undefined when the engine does not know it. The
 * REST route and the RESP connection call it once per request and hand the result to the policy,
 * the usage counts and the backend, which then runs it without looking it up again.
 */
export function lookupCommand(argv: Argv): Command | undefined {
  return findCommand(COMMAND_TABLE, argv);
}

/**
 * Redis's error for a looked-up request it cannot run at all: an unknown command or subcommand, or
 * a wrong number of arguments. processCommand answers these before it checks authentication, so
 * a listener that has not authenticated its client yet answers them too.
 */
export function lookupError(command: Command | undefined, argv: Argv): string | undefined {
  const resolution = resolveLookedUp(command, argv);
  return resolution.ok ? undefined : resolution.error;
}

/** Whether the command changes data (its metadata says `write`), for metrics and the sync token. */
export function isWriteCommand(command: Command | undefined): boolean {
  return command?.flags.has("write") ?? false;
}
