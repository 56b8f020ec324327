/**
 * What each kind of caller may run, checked before either backend (STYLE.md §7.1), so both refuse
 * the same commands with the same texts.
 */
import { asciiUpper, type Command } from "../engine/index.ts";
import type { Argv } from "./backend.ts";
import { lookupCommand } from "./command-info.ts";

/** Connection commands REST allows (interfaces.md, command support table). */
const REST_CONNECTION_COMMANDS = new Set(["PING", "ECHO"]);
/** Transaction control has no meaning on stateless REST requests (kv-rest-wire.md §12). */
const REST_REFUSED_TRANSACTION_COMMANDS = new Set(["WATCH", "UNWATCH", "DISCARD", "MULTI", "EXEC"]);
/** Commands that need a connection of their own: REST has `/subscribe`, `/psubscribe`, `/monitor`. */
const REST_STREAM_COMMANDS = new Set([
  "SUBSCRIBE",
  "PSUBSCRIBE",
  "SSUBSCRIBE",
  "UNSUBSCRIBE",
  "PUNSUBSCRIBE",
  "SUNSUBSCRIBE",
  "MONITOR",
]);
/** Streams block only with a BLOCK option (kv-rest-wire.md §13.1). */
const OPTIONALLY_BLOCKING = new Set(["XREAD", "XREADGROUP"]);
/**
 * Reads the read-only token may not run besides @dangerous ones (kv-rest-wire.md §4): SCAN and KEYS,
 * and the scripting entry points whose `_RO` variants exist.
 */
const READ_ONLY_DENIED = new Set(["SCAN", "KEYS", "EVAL", "EVALSHA", "FCALL"]);
const READ_ONLY_ALWAYS_ALLOWED = new Set(["PING", "ECHO"]);

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
  if (caller.isReadOnly && !mayRunReadOnly(command)) {
    return noPermissionError(baseName(command.fullName));
  }
  return undefined;
}

function restRefusal(command: Command, argv: Argv): string | undefined {
  const name = baseName(command.name);
  if (command.group === "connection" && !REST_CONNECTION_COMMANDS.has(name)) {
    return restUnsupportedError(name, "connection commands other than PING and ECHO");
  }
  if (command.group === "cluster") {
    return restUnsupportedError(name, "cluster commands");
  }
  if (REST_REFUSED_TRANSACTION_COMMANDS.has(name)) {
    return restUnsupportedError(name, "use /multi-exec for transactions");
  }
  if (REST_STREAM_COMMANDS.has(name)) {
    return restUnsupportedError(name, "use the /subscribe, /psubscribe or /monitor endpoints");
  }
  const isBlocking = OPTIONALLY_BLOCKING.has(name)
    ? hasBlockOption(argv)
    : command.flags.has("blocking");
  if (isBlocking) {
    return restUnsupportedError(name, "blocking commands");
  }
  return undefined;
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

/** kv-rest-wire.md §4 emulator choice: `readonly` minus @dangerous, minus SCAN and KEYS; PING/ECHO allowed. */
function mayRunReadOnly(command: Command): boolean {
  const name = baseName(command.name);
  if (READ_ONLY_ALWAYS_ALLOWED.has(name)) {
    return true;
  }
  if (READ_ONLY_DENIED.has(name)) {
    return false;
  }
  return command.flags.has("readonly") && !command.aclCategories.includes("dangerous");
}
