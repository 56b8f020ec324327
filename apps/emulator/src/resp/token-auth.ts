/**
 * How the RESP port authenticates, like the service: the password is a database's token (its
 * Standard token, its Read Only token, or one ACL RESTTOKEN issued), and the token selects the
 * database. One port serves every database (the default one and each `/redis/{name}`). `AUTH
 * <user> <password>` of an ACL user (ACL SETUSER) authenticates too, on the database that has it.
 */
import type { KvDatabase } from "../kv/database.ts";
import type { RespAuthenticator, RespGrant } from "./connection.ts";

/**
 * Users only a token authenticates: `default` and the read-only token's `default_ro` have no
 * password in the engine (`nopass`), which would otherwise let any password in.
 */
const TOKEN_ONLY_USERS = new Set(["default", "default_ro"]);

/** An authenticator over `databases`, read at each AUTH (the management API adds and deletes them). */
export function tokenAuthenticator(databases: ReadonlyMap<string, KvDatabase>): RespAuthenticator {
  return (username, password) => {
    for (const database of databases.values()) {
      const grant = database.verify(password);
      // `default` names the token's own user, as the service's `redis://default:<token>@…` URLs do.
      if (grant !== undefined && (username === "default" || username === grant.username)) {
        return toRespGrant(database, { username: grant.username, isReadOnly: grant.isReadOnly });
      }
    }
    if (TOKEN_ONLY_USERS.has(username)) {
      return undefined;
    }
    for (const database of databases.values()) {
      if (database.backend.aclUsers?.authenticate(username, password) === true) {
        return toRespGrant(database, { username, isReadOnly: false });
      }
    }
    return undefined;
  };
}

function toRespGrant(
  database: KvDatabase,
  grant: { username: string; isReadOnly: boolean },
): RespGrant {
  return {
    backend: database.backend,
    database: database.name,
    usage: database.usage,
    username: grant.username,
    isReadOnly: grant.isReadOnly,
  };
}
