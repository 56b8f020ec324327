/**
 * An ACL user as Redis 7.2+ keeps it (src/acl.c `user` and its root selector): flags, password
 * hashes, key and channel patterns, and the command rules in the order they were given, which is
 * also how ACL LIST and ACL GETUSER print them.
 */
import { createHash } from "node:crypto";

/** A key pattern: `~p` grants read and write, `%R~p` read only, `%W~p` write only. */
export interface KeyPattern {
  readonly pattern: string;
  readonly canRead: boolean;
  readonly canWrite: boolean;
}

/** `+name` / `-name` where name is a lower-case command, `container|sub` or `@category`. */
export interface CommandRule {
  readonly isAllowed: boolean;
  readonly name: string;
}

export class AclUser {
  readonly name: string;
  isEnabled = false;
  isNoPass = false;
  /** `skip-sanitize-payload`; Redis 7.2+ shows `sanitize-payload` otherwise. */
  skipsSanitizePayload = false;
  /** SHA-256 hex digests, in the order they were added. */
  passwords: string[] = [];
  hasAllKeys = false;
  keyPatterns: KeyPattern[] = [];
  hasAllChannels = false;
  channelPatterns: string[] = [];
  /** Whether the rules start from `+@all` (commands added later are allowed too) or `-@all`. */
  allowsAllCommands = false;
  commandRules: CommandRule[] = [];
  /** Command full name → allowed; cleared whenever the rules change. */
  readonly decisions = new Map<string, boolean>();

  constructor(name: string) {
    this.name = name;
  }

  /** Full access to everything: the permission check can skip its work. */
  get isUnrestricted(): boolean {
    return (
      this.allowsAllCommands &&
      this.commandRules.length === 0 &&
      this.hasAllKeys &&
      this.hasAllChannels
    );
  }

  /** Whether `password` (a binary string) is one of the user's, or the user is `nopass`. */
  checkPassword(password: string): boolean {
    return this.isNoPass || this.passwords.includes(hashPassword(password));
  }

  /** Flags as ACL GETUSER lists them (Redis 7.2+ shows `sanitize-payload` for every user). */
  flags(): string[] {
    const flags = [this.isEnabled ? "on" : "off"];
    if (this.isNoPass) {
      flags.push("nopass");
    }
    flags.push(this.skipsSanitizePayload ? "skip-sanitize-payload" : "sanitize-payload");
    return flags;
  }

  /** `~*`, or each pattern with its `~` / `%R~` / `%W~` prefix (ACLDescribeSelector). */
  describeKeys(): string {
    if (this.hasAllKeys) {
      return "~*";
    }
    return this.keyPatterns
      .map(({ pattern, canRead, canWrite }) => {
        if (canRead && canWrite) {
          return `~${pattern}`;
        }
        return canRead ? `%R~${pattern}` : `%W~${pattern}`;
      })
      .join(" ");
  }

  /** `&*`, or the channel patterns; ACL LIST adds `resetchannels` before them. */
  describeChannels(): string {
    return this.hasAllChannels ? "&*" : this.channelPatterns.map((p) => `&${p}`).join(" ");
  }

  /** `+@all`/`-@all` then the retained rules (ACLDescribeSelectorCommandRules). */
  describeCommands(): string {
    const rules = this.commandRules.map((rule) => `${rule.isAllowed ? "+" : "-"}${rule.name}`);
    return [this.allowsAllCommands ? "+@all" : "-@all", ...rules].join(" ");
  }

  /** The ACL LIST line, e.g. `user default on nopass sanitize-payload ~* &* +@all`. */
  describe(): string {
    const parts = ["user", this.name, ...this.flags()];
    parts.push(...this.passwords.map((hash) => `#${hash}`));
    const keys = this.describeKeys();
    if (keys !== "") {
      parts.push(keys);
    }
    if (!this.hasAllChannels) {
      parts.push("resetchannels");
    }
    const channels = this.describeChannels();
    if (channels !== "") {
      parts.push(channels);
    }
    parts.push(this.describeCommands());
    return parts.join(" ");
  }
}

/** SHA-256 hex of a password given as a binary string, as Redis stores it. */
export function hashPassword(password: string): string {
  return createHash("sha256").update(Buffer.from(password, "latin1")).digest("hex");
}
