/** The list group's client commands, alphabetically (merged in `../index.ts`). */
import { lindex } from "./lindex.ts";
import { linsert } from "./linsert.ts";
import { llen } from "./llen.ts";
import { lmove } from "./lmove.ts";
import { lmpop } from "./lmpop.ts";
import { lpop } from "./lpop.ts";
import { lpos } from "./lpos.ts";
import { lpush } from "./lpush.ts";
import { lpushx } from "./lpushx.ts";
import { lrange } from "./lrange.ts";
import { lrem } from "./lrem.ts";
import { lset } from "./lset.ts";
import { ltrim } from "./ltrim.ts";
import { rpop } from "./rpop.ts";
import { rpoplpush } from "./rpoplpush.ts";
import { rpush } from "./rpush.ts";
import { rpushx } from "./rpushx.ts";

export const listCommands = {
  lindex,
  linsert,
  llen,
  lmove,
  lmpop,
  lpop,
  lpos,
  lpush,
  lpushx,
  lrange,
  lrem,
  lset,
  ltrim,
  rpop,
  rpoplpush,
  rpush,
  rpushx,
} as const;
