/**
 * What each kind of caller may run, checked before either backend (STYLE.md §7.1), so both refuse
 * the same commands with the same texts. The rules are data in the command table (STYLE.md §0.3):
 * each command's `restRefusal`, `isReadOnlyTokenAllowed` and `optionally-blocking` trait.
 */
import { asciiUpper, type Command, type RestRefusal } from "../engine/index.ts";
import type { Argv } from "./backend.ts";
import { lookupCommand } from "./command-info.ts";

/** The reason each REST refusal gives (emulator wording; the proxy's stateless guard shares it). */
export const REST_REFUSAL_REASONS: Readonly<Record<RestRefusal, string>> = {
  connection: "connection commands other than PING and ECHO",
  transaction: "use /multi-exec for transactions",
  stream: "use the /subscribe, /psubscribe or /monitor endpoints",
  cluster: "cluster commands",
  blocking: "blocking commands",
};

/** Service wording (kv-rest-wire.md §4): the command in lower case. */
export function noPermissionError(command: string): string {
  return `NOPERM this user has no permissions to run the '${command}' command or its subcommand`;
}

const ENGINE_COMMAND_DENIAL =
  /^NOPERM User .* has no permissions to run the '([^'|]*)[^']*' command$/s;

/**
 * REST shows an ACL command denial in the service's wording (kv-rest-wire.md §4, §9), where RESP
 * keeps Redis's (`NOPERM User <name> has no permissions to run the '<command>' command`).
 */
export function toRestErrorText(message: string): string {
  const match = ENGINE_COMMAND_DENIAL.exec(message);
  return match?.[1] === undefined ? message : noPermissionError(match[1]);
}

/** Emulator wording: the service documents which commands REST refuses, not the text. */
function restUnsupportedError(name: string, reason: string): string {
  return `ERR Command is not available over REST: '${name.toLowerCase()}' (${reason})`;
}

/** The container's name of a subcommand (`CONFIG|GET` → `CONFIG`); other names as they are. */
function baseName(name: string): string {
  const bar = name.indexOf("|");
  return bar === -1 ? name : name.slice(0, bar);
}

export interface PolicyCaller {
  readonly isReadOnly: boolean;
  readonly surface: "rest" | "resp";
}

/** Undefined when `caller` may run `argv`, else the error reply text. Unknown commands pass (the backend answers them). */
export function checkCommand(argv: Argv, caller: PolicyCaller): string | undefined {
  return checkLookedUpCommand(argv, lookupCommand(argv), caller);
}

/** {@link checkCommand} for a caller that has looked `argv` up already (REST reuses it for usage). */
export function checkLookedUpCommand(
  argv: Argv,
  command: Command | undefined,
  caller: PolicyCaller,
): string | undefined {
  if (command === undefined) {
    return undefined;
  }
  if (caller.surface === "rest") {
    const refusal = restRefusal(command, argv);
    if (refusal !== undefined) {
      return refusal;
    }
  }
  if (caller.isReadOnly && !command.isReadOnlyTokenAllowed) {
    return noPermissionError(baseName(command.fullName));
  }
  return undefined;
}

function restRefusal(command: Command, argv: Argv): string | undefined {
  const reason =
    command.restRefusal ??
    (command.traits.has("optionally-blocking") && hasBlockOption(argv) ? "blocking" : undefined);
  return reason === undefined
    ? undefined
    : restUnsupportedError(baseName(command.name), REST_REFUSAL_REASONS[reason]);
}

/** XREAD/XREADGROUP options come before STREAMS; only a BLOCK there makes them wait. */
function hasBlockOption(argv: Argv): boolean {
  for (const arg of argv.slice(1)) {
    const token = asciiUpper(arg);
    if (token === "STREAMS") {
      return false;
    }
    if (token === "BLOCK") {
      return true;
    }
  }
  return false;
}
