import { defineContainer } from "../define.ts";
import { clientCaching } from "./client-caching.ts";
import { clientGetname } from "./client-getname.ts";
import { clientGetredir } from "./client-getredir.ts";
import { clientHelp } from "./client-help.ts";
import { clientId } from "./client-id.ts";
import { clientInfo } from "./client-info.ts";
import { clientKill } from "./client-kill.ts";
import { clientList } from "./client-list.ts";
import { clientNoEvict } from "./client-no-evict.ts";
import { clientNoTouch } from "./client-no-touch.ts";
import { clientPause } from "./client-pause.ts";
import { clientReply } from "./client-reply.ts";
import { clientSetinfo } from "./client-setinfo.ts";
import { clientSetname } from "./client-setname.ts";
import { clientTracking } from "./client-tracking.ts";
import { clientTrackinginfo } from "./client-trackinginfo.ts";
import { clientUnblock } from "./client-unblock.ts";
import { clientUnpause } from "./client-unpause.ts";

/**
 * CLIENT <subcommand>: the connection's identity and the list of connections.
 * @see https://redis.io/commands/client
 */
export const client = defineContainer({
  name: "CLIENT",
  group: "connection",
  since: "2.4.0",
  summary: "A container for client connection commands.",
  subcommands: [
    clientCaching,
    clientGetname,
    clientGetredir,
    clientHelp,
    clientId,
    clientInfo,
    clientKill,
    clientList,
    clientNoEvict,
    clientNoTouch,
    clientPause,
    clientReply,
    clientSetinfo,
    clientSetname,
    clientTracking,
    clientTrackinginfo,
    clientUnblock,
    clientUnpause,
  ],
});
