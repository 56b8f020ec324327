/**
 * The ACL users of one engine, their permission check, the ACL log and the REST tokens issued by
 * ACL RESTTOKEN. The engine owns one (`ctx.server.acl`).
 */
import { randomBytes } from "node:crypto";
import { asciiUpper } from "../bytes.ts";
import { clientInfoLine } from "../client-list.ts";
import type { Command } from "../commands/define.ts";
import type { Session } from "../session.ts";
import { type AclDenial, checkPermission } from "./check.ts";
import { AclRuleError, applyAclRule } from "./rules.ts";
import { AclUser } from "./user.ts";

/** `ACL SETUSER` failed at `rule`; `reason` is Redis's text for it. */
export class AclSetUserError extends Error {
  override readonly name = "AclSetUserError";
  readonly rule: string;
  readonly reason: string;

  constructor(rule: string, reason: string) {
    super(`Error in ACL SETUSER modifier '${rule}': ${reason}`);
    this.rule = rule;
    this.reason = reason;
  }
}

/** One ACL LOG entry (src/acl.c ACLLogEntry); repeated denials within 60 s update `count`. */
export interface AclLogEntry {
  count: number;
  readonly reason: "command" | "key" | "channel";
  readonly context: "toplevel" | "multi";
  readonly object: string;
  readonly username: string;
  readonly createdAtMs: number;
  updatedAtMs: number;
  /** The client's CLIENT INFO line when the entry was made. */
  readonly clientInfo: string;
  readonly entryId: number;
}

/** A token from ACL RESTTOKEN and the user it acts as (kv-rest-wire.md §4). */
export interface AclRestToken {
  readonly token: string;
  readonly username: string;
}

/**
 * The rules of `default_ro`, the read-only REST token's user: `+@read -@dangerous` as the service
 * docs suggest, plus the REST allow-list of kv-rest-wire.md §4 (PING, ECHO and the `_RO` scripting
 * commands allowed; SCAN and KEYS denied), so it matches `kv/policy.ts`.
 */
const DEFAULT_RO_RULES = [
  "on",
  "nopass",
  "~*",
  "&*",
  "-@all",
  "+@read",
  "-@dangerous",
  "+ping",
  "+echo",
  "+eval_ro",
  "+evalsha_ro",
  "+fcall_ro",
  "-scan",
  "-keys",
];
/** src/acl.c ACL_LOG_GROUPING_MAX_TIME_DELTA and the default `acllog-max-len`. */
const LOG_GROUPING_MS = 60_000;
const LOG_MAX_LENGTH = 128;

export class AclRegistry {
  readonly #table: ReadonlyMap<string, Command>;
  readonly #users = new Map<string, AclUser>();
  /** Newest first, as ACL LOG lists it. */
  #log: AclLogEntry[] = [];
  #nextLogId = 0;
  /** The user stateless (REST) sessions act as during `runAs`. */
  #restUser: string | undefined;
  readonly #tokenListeners = new Set<(token: AclRestToken) => void>();

  constructor(table: ReadonlyMap<string, Command>) {
    this.#table = table;
    this.setUser("default", ["reset", "on", "nopass", "~*", "&*", "+@all"]);
    this.setUser(
      "default_ro",
      DEFAULT_RO_RULES.filter((rule) => !rule.startsWith("+") || this.#isKnown(rule.slice(1))),
    );
  }

  #isKnown(name: string): boolean {
    return name.startsWith("@") || this.#table.has(asciiUpper(name));
  }

  get table(): ReadonlyMap<string, Command> {
    return this.#table;
  }

  user(name: string): AclUser | undefined {
    return this.#users.get(name);
  }

  /** Usernames in byte order, as ACL USERS and ACL LIST print them (Redis keeps users in a rax). */
  usernames(): string[] {
    return [...this.#users.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  /** Creates or changes a user; all rules apply or none (ACL SETUSER). */
  setUser(name: string, rules: readonly string[]): void {
    const existing = this.#users.get(name);
    const draft = existing === undefined ? newUser(name) : copyUser(existing);
    for (const rule of rules) {
      try {
        applyAclRule(draft, rule, this.#table);
      } catch (error: unknown) {
        if (error instanceof AclRuleError) {
          throw new AclSetUserError(rule, error.message);
        }
        throw error;
      }
    }
    this.#users.set(name, draft);
  }

  deleteUser(name: string): boolean {
    return this.#users.delete(name);
  }

  /** Whether the credentials are valid and the user enabled. */
  authenticate(username: string, password: string): boolean {
    const user = this.#users.get(username);
    return user?.isEnabled === true && user.checkPassword(password);
  }

  /** The user a session's commands run as: its own, or the REST request's during `runAs`. */
  userOf(session: Session): string {
    return session.isStateless && this.#restUser !== undefined ? this.#restUser : session.user;
  }

  /**
   * Runs `run` with stateless (REST) sessions acting as `username`; the engine is synchronous, so
   * exactly the commands `run` executes before returning are affected.
   */
  runAs<TResult>(username: string, run: () => TResult): TResult {
    const previous = this.#restUser;
    this.#restUser = username;
    try {
      return run();
    } finally {
      this.#restUser = previous;
    }
  }

  /** Whether `session`'s user may run every command on every key and channel (`check` passes). */
  isUnrestricted(session: Session): boolean {
    return this.#users.get(this.userOf(session))?.isUnrestricted === true;
  }

  /**
   * The NOPERM reply for `session` running `argv` (resolved to `command`), or undefined when
   * allowed (src/server.c processCommand). Denials go to the ACL log.
   */
  check(
    session: Session,
    request: { command: Command; argv: readonly string[]; nowMs: number },
  ): string | undefined {
    const username = this.userOf(session);
    const user = this.#users.get(username);
    if (user?.isUnrestricted === true) {
      return undefined;
    }
    const denial: AclDenial | undefined =
      user === undefined
        ? { reason: "command" }
        : checkPermission(user, request.command, request.argv);
    if (denial === undefined) {
      return undefined;
    }
    const object =
      denial.reason === "command"
        ? request.command.fullName
        : denial.reason === "key"
          ? denial.key
          : denial.channel;
    this.#addLog(
      {
        reason: denial.reason,
        context: session.inTransaction ? "multi" : "toplevel",
        object,
        username,
      },
      { nowMs: request.nowMs, clientInfo: clientInfoLine(session, request.nowMs) },
    );
    return `NOPERM ${denialMessage({ username, command: request.command, denial })}`;
  }

  /** ACL RESTTOKEN: a fresh token acting as `username`, or undefined for bad credentials. */
  issueRestToken(username: string, password: string): string | undefined {
    const user = this.#users.get(username);
    if (user === undefined || !user.isEnabled || !user.checkPassword(password)) {
      return undefined;
    }
    const token = randomBytes(30).toString("base64");
    for (const listener of this.#tokenListeners) {
      listener({ token, username });
    }
    return token;
  }

  /** Calls `listener` with every token ACL RESTTOKEN issues; returns the detach. */
  onRestToken(listener: (token: AclRestToken) => void): () => void {
    this.#tokenListeners.add(listener);
    return () => this.#tokenListeners.delete(listener);
  }

  /** ACL LOG entries, newest first. */
  log(): readonly AclLogEntry[] {
    return this.#log;
  }

  resetLog(): void {
    this.#log = [];
  }

  #addLog(
    entry: Pick<AclLogEntry, "reason" | "context" | "object" | "username">,
    { nowMs, clientInfo }: { nowMs: number; clientInfo: string },
  ): void {
    const similar = this.#log.find(
      (other) =>
        other.reason === entry.reason &&
        other.context === entry.context &&
        other.object === entry.object &&
        other.username === entry.username &&
        nowMs - other.updatedAtMs < LOG_GROUPING_MS,
    );
    if (similar !== undefined) {
      similar.count++;
      similar.updatedAtMs = nowMs;
      this.#log = [similar, ...this.#log.filter((other) => other !== similar)];
      return;
    }
    this.#log.unshift({
      ...entry,
      count: 1,
      clientInfo,
      createdAtMs: nowMs,
      updatedAtMs: nowMs,
      entryId: this.#nextLogId++,
    });
    this.#log.length = Math.min(this.#log.length, LOG_MAX_LENGTH);
  }
}

/**
 * Redis 7.2+ texts (src/acl.c getAclErrorMessage): the reply names the user and command but, for
 * keys and channels, not the object; ACL DRYRUN uses `verbose` texts.
 */
export function denialMessage(options: {
  username: string;
  command: Command;
  denial: AclDenial;
  isVerbose?: boolean;
}): string {
  const { username, command, denial } = options;
  switch (denial.reason) {
    case "command":
      return `User ${username} has no permissions to run the '${command.fullName}' command`;
    case "key":
      return options.isVerbose === true
        ? `User ${username} has no permissions to access the '${denial.key}' key`
        : "No permissions to access a key";
    case "channel":
      return options.isVerbose === true
        ? `User ${username} has no permissions to access the '${denial.channel}' channel`
        : "No permissions to access a channel";
    default:
      return denial satisfies never;
  }
}

/** A user as ACL SETUSER creates it: off, no passwords, keys, channels or commands. */
function newUser(name: string): AclUser {
  return new AclUser(name);
}

function copyUser(user: AclUser): AclUser {
  const copy = new AclUser(user.name);
  copy.isEnabled = user.isEnabled;
  copy.isNoPass = user.isNoPass;
  copy.skipsSanitizePayload = user.skipsSanitizePayload;
  copy.passwords = [...user.passwords];
  copy.hasAllKeys = user.hasAllKeys;
  copy.keyPatterns = [...user.keyPatterns];
  copy.hasAllChannels = user.hasAllChannels;
  copy.channelPatterns = [...user.channelPatterns];
  copy.allowsAllCommands = user.allowsAllCommands;
  copy.commandRules = [...user.commandRules];
  return copy;
}
