/**
 * Command lookup and arity (STYLE.md §7.4 steps 1–2), with Redis's exact errors. The engine runs
 * the rest: context checks, parse, run, error mapping and events.
 */
import { asciiUpper } from "../bytes.ts";
import { ERR } from "../errors.ts";
import type { Command } from "./define.ts";

export type Resolution =
  | {
      readonly ok: true;
      readonly command: Command;
      /** The index in `argv` of the command's first argument (after a subcommand's name too). */
      readonly start: number;
    }
  | { readonly ok: false; readonly error: string };

/** A command found and its arity checked: what runs it (`Engine.executeResolved`). */
export type Resolved = Extract<Resolution, { readonly ok: true }>;

/**
 * The command (or subcommand) `argv` names, compared as Redis does (`strcasecmp`: ASCII letters
 * only); a container when its subcommand is missing or unknown; undefined for an unknown command.
 * The surfaces look a request up once with it and pass the result on (`resolveLookedUp`).
 */
export function findCommand(
  table: ReadonlyMap<string, Command>,
  argv: readonly string[],
): Command | undefined {
  const command = table.get(asciiUpper(argv[0] ?? ""));
  const subName = argv[1];
  if (command?.subcommands === undefined || subName === undefined) {
    return command;
  }
  return command.subcommands.get(asciiUpper(subName)) ?? command;
}

/** Finds the command (or subcommand) for `argv` and checks its arity (src/server.c processCommand). */
export function resolveCommand(
  table: ReadonlyMap<string, Command>,
  argv: readonly string[],
): Resolution {
  return resolveLookedUp(findCommand(table, argv), argv);
}

/** {@link resolveCommand} for a request whose command was found already ({@link findCommand}). */
export function resolveLookedUp(command: Command | undefined, argv: readonly string[]): Resolution {
  const name = argv[0];
  if (command === undefined || name === undefined) {
    return { ok: false, error: ERR.UNKNOWN_COMMAND(name ?? "", argv.slice(1)) };
  }
  if (command.subcommands === undefined) {
    // A subcommand's arguments start after its container's name and its own.
    return checkArity(command, argv, command.name.includes("|") ? 2 : 1);
  }
  const subName = argv[1];
  if (subName === undefined) {
    // A container alone is checked against its own arity, as Redis does: -2 (CONFIG, OBJECT, …)
    // is a wrong-arity error, COMMAND's -1 runs the container itself.
    return checkArity(command, argv, 1);
  }
  // `findCommand` gives the container only when it has no such subcommand.
  return { ok: false, error: ERR.UNKNOWN_SUBCOMMAND(subName, command.name) };
}

function checkArity(command: Command, argv: readonly string[], start: number): Resolution {
  const arity = command.arity;
  if ((arity > 0 && argv.length !== arity) || argv.length < -arity) {
    return { ok: false, error: ERR.WRONG_ARITY(command.fullName) };
  }
  return { ok: true, command, start };
}

/** The positions of the keys in `argv` (COMMAND GETKEYS, ACL key patterns, cluster-style checks). */
export function keyPositions(command: Command, argv: readonly string[]): number[] {
  if (command.movableKeys !== undefined) {
    return command.movableKeys(argv);
  }
  const range = command.keys;
  if (range === undefined || range.first === 0) {
    return [];
  }
  const last = range.last < 0 ? argv.length + range.last : range.last;
  const positions: number[] = [];
  for (let index = range.first; index <= last && index < argv.length; index += range.step) {
    positions.push(index);
  }
  return positions;
}
