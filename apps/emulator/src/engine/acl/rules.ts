/**
 * The ACL rule language of ACL SETUSER (src/acl.c ACLSetUser / ACLSetSelector): one rule at a time
 * changes an `AclUser`; a bad rule throws `AclRuleError` with Redis's reason text.
 */
import { asciiLower, asciiUpper } from "../bytes.ts";
import { ACL_CATEGORIES, type AclCategory, type Command } from "../commands/define.ts";
import { type AclUser, hashPassword } from "./user.ts";

/** Redis's reasons (ACLSetUserStringError), quoted after `Error in ACL SETUSER modifier '…': `. */
export const ACL_RULE_ERRORS = {
  SYNTAX: "Syntax error",
  UNKNOWN_NAME: "Unknown command or category name in ACL",
  BAD_HASH:
    "The password hash must be exactly 64 characters and contain only lowercase hexadecimal characters",
  NO_SUCH_PASSWORD: "The password you are trying to remove from the user does not exist",
  KEY_AFTER_ALL:
    "Adding a pattern after the * pattern (or the 'allkeys' flag) is not valid and does not have any effect. Try 'resetkeys' to start with an empty list of patterns",
  CHANNEL_AFTER_ALL:
    "Adding a pattern after the * pattern (or the 'allchannels' flag) is not valid and does not have any effect. Try 'resetchannels' to start with an empty list of channels",
} as const;

export class AclRuleError extends Error {
  override readonly name = "AclRuleError";
}

const CATEGORY_NAMES: ReadonlySet<string> = new Set(ACL_CATEGORIES);

/** Whether `name` is an ACL category (`read`, `string`, …). */
export function isAclCategory(name: string): name is AclCategory {
  return CATEGORY_NAMES.has(name);
}

/** Applies one rule (`on`, `>pw`, `~key*`, `+@read`, `-config|set`, `reset`, …) to `user`. */
export function applyAclRule(
  user: AclUser,
  rule: string,
  table: ReadonlyMap<string, Command>,
): void {
  user.decisions.clear();
  const keyword = asciiLower(rule);
  if (applyKeyword(user, keyword)) {
    return;
  }
  const sigil = rule[0];
  const rest = rule.slice(1);
  switch (sigil) {
    case ">":
      addPassword(user, hashPassword(rest));
      return;
    case "#":
      addPassword(user, checkedHash(rest));
      return;
    case "<":
      removePassword(user, hashPassword(rest));
      return;
    case "!":
      removePassword(user, checkedHash(rest));
      return;
    case "~":
      addKeyPattern(user, { pattern: rest, canRead: true, canWrite: true });
      return;
    case "%":
      addKeyPattern(user, parsePermissionPattern(rest));
      return;
    case "&":
      addChannelPattern(user, rest);
      return;
    case "+":
    case "-":
      applyCommandRule(user, { isAllowed: sigil === "+", name: asciiLower(rest) }, table);
      return;
    default:
      throw new AclRuleError(ACL_RULE_ERRORS.SYNTAX);
  }
}

/** The rules without an argument; false when `keyword` is not one of them. */
function applyKeyword(user: AclUser, keyword: string): boolean {
  switch (keyword) {
    case "on":
      user.isEnabled = true;
      return true;
    case "off":
      user.isEnabled = false;
      return true;
    case "nopass":
      user.isNoPass = true;
      user.passwords = [];
      return true;
    case "resetpass":
      user.isNoPass = false;
      user.passwords = [];
      return true;
    case "allkeys":
      user.hasAllKeys = true;
      user.keyPatterns = [];
      return true;
    case "resetkeys":
      user.hasAllKeys = false;
      user.keyPatterns = [];
      return true;
    case "allchannels":
      user.hasAllChannels = true;
      user.channelPatterns = [];
      return true;
    case "resetchannels":
      user.hasAllChannels = false;
      user.channelPatterns = [];
      return true;
    case "allcommands":
    case "+@all":
      user.allowsAllCommands = true;
      user.commandRules = [];
      return true;
    case "nocommands":
    case "-@all":
      user.allowsAllCommands = false;
      user.commandRules = [];
      return true;
    case "sanitize-payload":
      user.skipsSanitizePayload = false;
      return true;
    case "skip-sanitize-payload":
      user.skipsSanitizePayload = true;
      return true;
    case "clearselectors":
      // Selectors are not supported (see README "ACL"); there are none to clear.
      return true;
    case "reset":
      for (const step of ["resetpass", "resetkeys", "resetchannels", "nocommands", "off"]) {
        applyKeyword(user, step);
      }
      user.skipsSanitizePayload = false;
      return true;
    default:
      return false;
  }
}

function checkedHash(hash: string): string {
  if (!/^[0-9a-f]{64}$/.test(hash)) {
    throw new AclRuleError(ACL_RULE_ERRORS.BAD_HASH);
  }
  return hash;
}

function addPassword(user: AclUser, hash: string): void {
  user.isNoPass = false;
  if (!user.passwords.includes(hash)) {
    user.passwords.push(hash);
  }
}

function removePassword(user: AclUser, hash: string): void {
  const index = user.passwords.indexOf(hash);
  if (index < 0) {
    throw new AclRuleError(ACL_RULE_ERRORS.NO_SUCH_PASSWORD);
  }
  user.isNoPass = false;
  user.passwords.splice(index, 1);
}

/** `%R~p`, `%W~p`, `%RW~p` (the text after `%`). */
function parsePermissionPattern(text: string): {
  pattern: string;
  canRead: boolean;
  canWrite: boolean;
} {
  const tilde = text.indexOf("~");
  if (tilde < 1) {
    throw new AclRuleError(ACL_RULE_ERRORS.SYNTAX);
  }
  let canRead = false;
  let canWrite = false;
  for (const flag of asciiUpper(text.slice(0, tilde))) {
    if (flag === "R") {
      canRead = true;
    } else if (flag === "W") {
      canWrite = true;
    } else {
      throw new AclRuleError(ACL_RULE_ERRORS.SYNTAX);
    }
  }
  return { pattern: text.slice(tilde + 1), canRead, canWrite };
}

function addKeyPattern(
  user: AclUser,
  key: { pattern: string; canRead: boolean; canWrite: boolean },
): void {
  if (user.hasAllKeys) {
    throw new AclRuleError(ACL_RULE_ERRORS.KEY_AFTER_ALL);
  }
  if (key.pattern === "*" && key.canRead && key.canWrite) {
    user.hasAllKeys = true;
    user.keyPatterns = [];
    return;
  }
  const existing = user.keyPatterns.findIndex((other) => other.pattern === key.pattern);
  if (existing < 0) {
    user.keyPatterns.push(key);
    return;
  }
  // The same pattern again widens its permissions, as Redis merges the flags.
  const other = user.keyPatterns[existing];
  user.keyPatterns[existing] = {
    pattern: key.pattern,
    canRead: key.canRead || (other?.canRead ?? false),
    canWrite: key.canWrite || (other?.canWrite ?? false),
  };
}

function addChannelPattern(user: AclUser, pattern: string): void {
  if (user.hasAllChannels) {
    throw new AclRuleError(ACL_RULE_ERRORS.CHANNEL_AFTER_ALL);
  }
  if (pattern === "*") {
    user.hasAllChannels = true;
    user.channelPatterns = [];
    return;
  }
  if (!user.channelPatterns.includes(pattern)) {
    user.channelPatterns.push(pattern);
  }
}

/**
 * `+cmd`, `-cmd`, `+cmd|sub`, `+@category`. Rules are retained in order, an earlier rule for the
 * same name (and, for a whole command, its subcommand rules) is dropped first (ACLUpdateCommandRules).
 */
function applyCommandRule(
  user: AclUser,
  rule: { isAllowed: boolean; name: string },
  table: ReadonlyMap<string, Command>,
): void {
  if (rule.name.startsWith("@")) {
    if (!isAclCategory(rule.name.slice(1))) {
      throw new AclRuleError(ACL_RULE_ERRORS.UNKNOWN_NAME);
    }
  } else if (!isKnownCommand(rule.name, table)) {
    // Emulator difference: Redis also accepts first-argument rules such as `+select|0`.
    throw new AclRuleError(ACL_RULE_ERRORS.UNKNOWN_NAME);
  }
  const isWholeCommand = !rule.name.includes("|") && !rule.name.startsWith("@");
  user.commandRules = user.commandRules.filter(
    (other) =>
      other.name !== rule.name && !(isWholeCommand && other.name.startsWith(`${rule.name}|`)),
  );
  user.commandRules.push(rule);
}

function isKnownCommand(name: string, table: ReadonlyMap<string, Command>): boolean {
  const [container = "", sub, extra] = name.split("|");
  const command = table.get(asciiUpper(container));
  if (command === undefined || extra !== undefined) {
    return false;
  }
  return sub === undefined || command.subcommands?.has(asciiUpper(sub)) === true;
}
