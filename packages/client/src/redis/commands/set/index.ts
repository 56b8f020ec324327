/** The set group's client commands, alphabetically (merged in `../index.ts`). */
import { sadd } from "./sadd.ts";
import { scard } from "./scard.ts";
import { sdiff } from "./sdiff.ts";
import { sdiffstore } from "./sdiffstore.ts";
import { sinter } from "./sinter.ts";
import { sintercard } from "./sintercard.ts";
import { sinterstore } from "./sinterstore.ts";
import { sismember } from "./sismember.ts";
import { smembers } from "./smembers.ts";
import { smismember } from "./smismember.ts";
import { smove } from "./smove.ts";
import { spop } from "./spop.ts";
import { srandmember } from "./srandmember.ts";
import { srem } from "./srem.ts";
import { sscan } from "./sscan.ts";
import { sunion } from "./sunion.ts";
import { sunionstore } from "./sunionstore.ts";

export const setCommands = {
  sadd,
  scard,
  sdiff,
  sdiffstore,
  sinter,
  sintercard,
  sinterstore,
  sismember,
  smembers,
  smismember,
  smove,
  spop,
  srandmember,
  srem,
  sscan,
  sunion,
  sunionstore,
} as const;
