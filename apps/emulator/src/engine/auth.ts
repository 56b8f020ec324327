/**
 * The seam between AUTH/HELLO and whoever owns users and passwords. The engine only asks "are these
 * credentials valid?". By default the engine's ACL users answer (`aclAuthenticator`: a fresh engine
 * has the `default` user without password, as a fresh redis-server); assigning the engine's
 * `authenticator` installs another one.
 */
import type { AclRegistry } from "./acl/registry.ts";

export interface Authenticator {
  /** Whether the `default` user has a password, so that `AUTH <password>` is meaningful. */
  readonly hasDefaultPassword: boolean;
  /** Whether `username` exists (CLIENT KILL USER). */
  hasUser(username: string): boolean;
  /** Whether the credentials are valid and the user enabled. */
  authenticate(username: string, password: string): boolean;
}

/** The authenticator over an engine's ACL users, the engine's default. */
export function aclAuthenticator(acl: AclRegistry): Authenticator {
  return {
    get hasDefaultPassword() {
      return acl.user("default")?.isNoPass !== true;
    },
    hasUser: (username) => acl.user(username) !== undefined,
    authenticate: (username, password) => acl.authenticate(username, password),
  };
}
