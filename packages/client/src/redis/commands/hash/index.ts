/** The hash group's client commands, alphabetically (merged in `../index.ts`). */
import { hdel } from "./hdel.ts";
import { hexists } from "./hexists.ts";
import { hexpire } from "./hexpire.ts";
import { hexpireat } from "./hexpireat.ts";
import { hexpiretime } from "./hexpiretime.ts";
import { hget } from "./hget.ts";
import { hgetall } from "./hgetall.ts";
import { hgetdel } from "./hgetdel.ts";
import { hgetex } from "./hgetex.ts";
import { hincrby } from "./hincrby.ts";
import { hincrbyfloat } from "./hincrbyfloat.ts";
import { hkeys } from "./hkeys.ts";
import { hlen } from "./hlen.ts";
import { hmget } from "./hmget.ts";
import { hmset } from "./hmset.ts";
import { hpersist } from "./hpersist.ts";
import { hpexpire } from "./hpexpire.ts";
import { hpexpireat } from "./hpexpireat.ts";
import { hpexpiretime } from "./hpexpiretime.ts";
import { hpttl } from "./hpttl.ts";
import { hrandfield } from "./hrandfield.ts";
import { hscan } from "./hscan.ts";
import { hset } from "./hset.ts";
import { hsetex } from "./hsetex.ts";
import { hsetnx } from "./hsetnx.ts";
import { hstrlen } from "./hstrlen.ts";
import { httl } from "./httl.ts";
import { hvals } from "./hvals.ts";

export const hashCommands = {
  hdel,
  hexists,
  hexpire,
  hexpireat,
  hexpiretime,
  hget,
  hgetall,
  hgetdel,
  hgetex,
  hincrby,
  hincrbyfloat,
  hkeys,
  hlen,
  hmget,
  hmset,
  hpersist,
  hpexpire,
  hpexpireat,
  hpexpiretime,
  hpttl,
  hrandfield,
  hscan,
  hset,
  hsetex,
  hsetnx,
  hstrlen,
  httl,
  hvals,
} as const;
