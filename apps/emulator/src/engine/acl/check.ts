/**
 * Whether a user may run a command (src/acl.c ACLCheckAllUserCommandPerm): the command rules, then
 * the keys at the command's key positions, then the channels of the pub/sub commands.
 */
import type { Command } from "../commands/define.ts";
import { keyPositions } from "../commands/dispatch.ts";
import { globMatch } from "../glob.ts";
import type { AclUser } from "./user.ts";

/** Why a command was refused; undefined means allowed. */
export type AclDenial =
  | { readonly reason: "command" }
  | { readonly reason: "key"; readonly key: string }
  | { readonly reason: "channel"; readonly channel: string };

/** Checks `argv` (already resolved to `command`, a subcommand for containers) against `user`. */
export function checkPermission(
  user: AclUser,
  command: Command,
  argv: readonly string[],
): AclDenial | undefined {
  if (user.isUnrestricted) {
    return undefined;
  }
  if (!mayRunCommand(user, command)) {
    return { reason: "command" };
  }
  if (!user.hasAllKeys) {
    // Emulator difference: Redis reads per-key flags from key specs; the engine's metadata has
    // only the command flags, so keys of `write` commands need write access and others read access.
    const isWrite = command.flags.has("write");
    for (const position of keyPositions(command, argv)) {
      const key = argv[position];
      if (key !== undefined && !mayAccessKey(user, key, isWrite)) {
        return { reason: "key", key };
      }
    }
  }
  if (!user.hasAllChannels) {
    const channels = channelArguments(command, argv);
    for (const channel of channels.names) {
      if (!mayAccessChannel(user, channel, channels.isPattern)) {
        return { reason: "channel", channel };
      }
    }
  }
  return undefined;
}

/** The command rules in order; the last one that matches decides (a bitmap in Redis). */
export function mayRunCommand(user: AclUser, command: Command): boolean {
  // AUTH, HELLO, QUIT, RESET: always allowed, or a user could never switch (ACLSelectorCheckCmd).
  if (command.flags.has("no_auth")) {
    return true;
  }
  const cached = user.decisions.get(command.fullName);
  if (cached !== undefined) {
    return cached;
  }
  const container = command.fullName.split("|")[0];
  let isAllowed = user.allowsAllCommands;
  for (const rule of user.commandRules) {
    const matches = rule.name.startsWith("@")
      ? command.aclCategories.some((category) => rule.name === `@${category}`)
      : rule.name === command.fullName || rule.name === container;
    if (matches) {
      isAllowed = rule.isAllowed;
    }
  }
  user.decisions.set(command.fullName, isAllowed);
  return isAllowed;
}

function mayAccessKey(user: AclUser, key: string, isWrite: boolean): boolean {
  return user.keyPatterns.some(
    (pattern) => (isWrite ? pattern.canWrite : pattern.canRead) && globMatch(pattern.pattern, key),
  );
}

/** Patterns (PSUBSCRIBE) must equal an allowed pattern; channels match it as a glob. */
function mayAccessChannel(user: AclUser, channel: string, isPattern: boolean): boolean {
  return user.channelPatterns.some((pattern) =>
    isPattern ? pattern === channel : globMatch(pattern, channel),
  );
}

/** The channel arguments of the commands Redis checks (src/acl.c ACLShouldKillPubsubClient & co). */
function channelArguments(
  command: Command,
  argv: readonly string[],
): { names: readonly string[]; isPattern: boolean } {
  switch (command.fullName) {
    case "publish":
    case "spublish":
      return { names: argv.slice(1, 2), isPattern: false };
    case "subscribe":
    case "ssubscribe":
      return { names: argv.slice(1), isPattern: false };
    case "psubscribe":
      return { names: argv.slice(1), isPattern: true };
    default:
      return { names: [], isPattern: false };
  }
}
