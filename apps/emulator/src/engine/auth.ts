/**
 * The seam between AUTH/HELLO and whoever owns users and passwords. The engine only asks "are these
 * credentials valid?". By default the engine's ACL users answer (`acl/registry.ts`: a fresh engine
 * has the `default` user without password, as a fresh redis-server); `setAuthenticator` installs
 * another one per engine.
 */
import { aclOf } from "./acl/registry.ts";
import type { Command } from "./commands/define.ts";

export interface Authenticator {
  /** Whether the `default` user has a password, so that `AUTH <password>` is meaningful. */
  readonly hasDefaultPassword: boolean;
  /** Whether `username` exists (CLIENT KILL USER). */
  hasUser(username: string): boolean;
  /** Whether the credentials are valid and the user enabled. */
  authenticate(username: string, password: string): boolean;
}

/** A `default` user without password: any password authenticates it, other users do not exist. */
export const OPEN_AUTHENTICATOR: Authenticator = {
  hasDefaultPassword: false,
  hasUser: (username) => username === "default",
  authenticate: (username) => username === "default",
};

const authenticators = new WeakMap<object, Authenticator>();

/** Installs the authenticator of an engine (pass the `Engine`, i.e. `ctx.server`). */
export function setAuthenticator(server: object, authenticator: Authenticator): void {
  authenticators.set(server, authenticator);
}

/** The installed authenticator, else one over the engine's ACL users. */
export function authenticatorOf(server: {
  readonly commands: ReadonlyMap<string, Command>;
}): Authenticator {
  const installed = authenticators.get(server);
  if (installed !== undefined) {
    return installed;
  }
  const acl = aclOf(server);
  return {
    get hasDefaultPassword() {
      return acl.user("default")?.isNoPass !== true;
    },
    hasUser: (username) => acl.user(username) !== undefined,
    authenticate: (username, password) => acl.authenticate(username, password),
  };
}
