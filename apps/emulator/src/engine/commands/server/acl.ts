import { defineContainer } from "../define.ts";
import { aclCat } from "./acl-cat.ts";
import { aclDeluser } from "./acl-deluser.ts";
import { aclDryrun } from "./acl-dryrun.ts";
import { aclGenpass } from "./acl-genpass.ts";
import { aclGetuser } from "./acl-getuser.ts";
import { aclHelp } from "./acl-help.ts";
import { aclList } from "./acl-list.ts";
import { aclLog } from "./acl-log.ts";
import { aclResttoken } from "./acl-resttoken.ts";
import { aclSetuser } from "./acl-setuser.ts";
import { aclUsers } from "./acl-users.ts";
import { aclWhoami } from "./acl-whoami.ts";

/**
 * ACL <subcommand>: users and permissions (`engine/acl/`). Emulator difference: no ACL file, so no
 * LOAD or SAVE; RESTTOKEN is the service's own subcommand (kv-rest-wire.md §4).
 * @see https://redis.io/commands/acl
 */
export const acl = defineContainer({
  name: "ACL",
  group: "server",
  since: "6.0.0",
  summary: "A container for Access List Control commands.",
  subcommands: [
    aclCat,
    aclDeluser,
    aclDryrun,
    aclGenpass,
    aclGetuser,
    aclHelp,
    aclList,
    aclLog,
    aclResttoken,
    aclSetuser,
    aclUsers,
    aclWhoami,
  ],
});
