/**
 * A key-value database as REST and RESP serve it: a backend, its tokens and its limits. Several
 * live in one emulator, each at its own base URL.
 */
import { createTokenVerifier, type TokenGrant, type TokenVerifier } from "@stratus/core/auth";
import { type RequestUsage, UsageTotals } from "../metrics/usage.ts";
import type { Argv, KvAclUsers, KvBackend } from "./backend.ts";
import { type Command, isWriteCommand, lookupCommand } from "./command-info.ts";

/** Per-database limits; undefined means not enforced (kv-rest-wire.md §14 emulator choice). */
export interface KvLimits {
  /** @default 10 MiB */
  readonly maxRequestBytes: number | undefined;
  /** Commands per UTC day. @default undefined (off) */
  readonly dailyRequestLimit: number | undefined;
}

export const DEFAULT_KV_LIMITS: KvLimits = {
  maxRequestBytes: 10 * 1024 * 1024,
  dailyRequestLimit: undefined,
};

export interface KvGrant extends TokenGrant {
  /** The ACL user the token acts as: `default`, `default_ro`, or a user from ACL SETUSER. */
  readonly username: string;
}

export interface KvDatabaseOptions {
  readonly name: string;
  readonly backend: KvBackend;
  readonly token: string;
  readonly readOnlyToken: string;
  readonly limits?: Partial<KvLimits>;
  /** Reads the clock for the daily limit's UTC day. */
  readonly now: () => number;
  /** Receives every served request, for the metrics recorder. */
  readonly onUsage?: (usage: RequestUsage) => void;
}

const DAY_MS = 86_400_000;

export class KvDatabase {
  readonly name: string;
  readonly backend: KvBackend;
  readonly limits: KvLimits;
  /** What this database served, for the management stats. */
  readonly usage: UsageTotals;
  #token: string;
  #readOnlyToken: string;
  #extraGrants: KvGrant[] = [];
  #verifier: TokenVerifier<KvGrant>;
  /** Grows on every response; its value is the read-your-writes token (kv-rest-wire.md §10). */
  #syncCounter = 0;
  #day = -1;
  #requestsToday = 0;
  readonly #now: () => number;
  /** The embedded engine's ACL users; undefined over a proxied Redis, which enforces its own. */
  readonly #acl: KvAclUsers | undefined;

  constructor(options: KvDatabaseOptions) {
    this.name = options.name;
    this.usage = new UsageTotals(options.onUsage);
    this.backend = options.backend;
    this.limits = { ...DEFAULT_KV_LIMITS, ...options.limits };
    this.#token = options.token;
    this.#readOnlyToken = options.readOnlyToken;
    this.#now = options.now;
    this.#verifier = this.#buildVerifier();
    this.#acl = options.backend.aclUsers;
    if (this.#acl !== undefined) {
      // ACL RESTTOKEN (over REST or RESP) issues tokens of this database (kv-rest-wire.md §4).
      this.#acl.onRestToken(({ token, username }) =>
        this.addGrant({ token, isReadOnly: false, username }),
      );
    }
  }

  get token(): string {
    return this.#token;
  }

  get readOnlyToken(): string {
    return this.#readOnlyToken;
  }

  /** The grant of a request's token, or undefined (401). Constant-time comparison. */
  verify(token: string | undefined): KvGrant | undefined {
    const grant = this.#verifier.verify(token);
    // A token of a deleted or disabled ACL user no longer authenticates.
    if (grant !== undefined && this.#acl !== undefined && grant.username !== "default") {
      const user = this.#acl.user(grant.username);
      if (user === undefined || !user.isEnabled) {
        return undefined;
      }
    }
    return grant;
  }

  /**
   * Over a proxied Redis (`--redis-url`) there are no REST tokens to issue: ACL RESTTOKEN (the
   * request's looked-up `command`) is refused with this text (the real Redis enforces its own ACL
   * users over RESP).
   */
  restRefusal(command: Command | undefined): string | undefined {
    return this.#acl === undefined && command?.fullName === "acl|resttoken"
      ? "ERR ACL RESTTOKEN is not available with a proxied Redis (--redis-url): use the embedded engine"
      : undefined;
  }

  /**
   * Runs `request` with the engine's REST session acting as the grant's ACL user, so every command
   * (scripts' included) is checked against that user. The engine runs a request's commands
   * synchronously when the backend call starts, before its first await, so the user is restored
   * right after `request` returns its reply or promise, before any other request can run.
   */
  runAs<TResult>(grant: KvGrant, request: () => TResult): TResult {
    if (this.#acl === undefined) {
      return request();
    }
    return this.#acl.runAs(grant.username, request);
  }

  /** Adds a token acting as an ACL user (ACL RESTTOKEN). */
  addGrant(grant: KvGrant): void {
    this.#extraGrants.push(grant);
    this.#verifier = this.#buildVerifier();
  }

  /** Replaces both tokens and revokes every ACL token (ACL RESTTOKEN's too) at once (reset password). */
  resetTokens(token: string, readOnlyToken: string): void {
    this.#token = token;
    this.#readOnlyToken = readOnlyToken;
    this.#extraGrants = [];
    this.#verifier = this.#buildVerifier();
  }

  /** The next sync token; every response carries a new one. */
  nextSyncToken(): string {
    this.#syncCounter++;
    return String(this.#syncCounter);
  }

  /**
   * Counts `commands` against the daily limit (false when it would be exceeded) and, once
   * admitted, in the usage totals.
   */
  admitRequests(commands: readonly Argv[]): boolean {
    if (!this.#admit(commands.length)) {
      return false;
    }
    const writes = commands.filter((argv) => isWriteCommand(lookupCommand(argv))).length;
    this.usage.recordCommands(commands.length, writes);
    return true;
  }

  /** {@link admitRequests} for one command the caller has looked up already (REST's common case). */
  admitCommand(command: Command | undefined): boolean {
    if (!this.#admit(1)) {
      return false;
    }
    this.usage.recordCommands(1, isWriteCommand(command) ? 1 : 0);
    return true;
  }

  #admit(commands: number): boolean {
    const day = Math.floor(this.#now() / DAY_MS);
    if (day !== this.#day) {
      this.#day = day;
      this.#requestsToday = 0;
    }
    const limit = this.limits.dailyRequestLimit;
    if (limit !== undefined && this.#requestsToday + commands > limit) {
      return false;
    }
    this.#requestsToday += commands;
    return true;
  }

  #buildVerifier(): TokenVerifier<KvGrant> {
    return createTokenVerifier<KvGrant>([
      { token: this.#token, isReadOnly: false, username: "default" },
      { token: this.#readOnlyToken, isReadOnly: true, username: "default_ro" },
      ...this.#extraGrants,
    ]);
  }
}
