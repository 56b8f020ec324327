/** The sorted-set group's commands, alphabetically (registered in `../table.ts`). */
import type { Command } from "../define.ts";
import { bzmpop } from "./bzmpop.ts";
import { bzpopmax } from "./bzpopmax.ts";
import { bzpopmin } from "./bzpopmin.ts";
import { zadd } from "./zadd.ts";
import { zcard } from "./zcard.ts";
import { zcount } from "./zcount.ts";
import { zdiff } from "./zdiff.ts";
import { zdiffstore } from "./zdiffstore.ts";
import { zincrby } from "./zincrby.ts";
import { zinter } from "./zinter.ts";
import { zintercard } from "./zintercard.ts";
import { zinterstore } from "./zinterstore.ts";
import { zlexcount } from "./zlexcount.ts";
import { zmpop } from "./zmpop.ts";
import { zmscore } from "./zmscore.ts";
import { zpopmax } from "./zpopmax.ts";
import { zpopmin } from "./zpopmin.ts";
import { zrandmember } from "./zrandmember.ts";
import { zrange } from "./zrange.ts";
import { zrangebylex } from "./zrangebylex.ts";
import { zrangebyscore } from "./zrangebyscore.ts";
import { zrangestore } from "./zrangestore.ts";
import { zrank } from "./zrank.ts";
import { zrem } from "./zrem.ts";
import { zremrangebylex } from "./zremrangebylex.ts";
import { zremrangebyrank } from "./zremrangebyrank.ts";
import { zremrangebyscore } from "./zremrangebyscore.ts";
import { zrevrange } from "./zrevrange.ts";
import { zrevrangebylex } from "./zrevrangebylex.ts";
import { zrevrangebyscore } from "./zrevrangebyscore.ts";
import { zrevrank } from "./zrevrank.ts";
import { zscan } from "./zscan.ts";
import { zscore } from "./zscore.ts";
import { zunion } from "./zunion.ts";
import { zunionstore } from "./zunionstore.ts";

export const sortedSetCommands: readonly Command[] = [
  bzmpop,
  bzpopmax,
  bzpopmin,
  zadd,
  zcard,
  zcount,
  zdiff,
  zdiffstore,
  zincrby,
  zinter,
  zintercard,
  zinterstore,
  zlexcount,
  zmpop,
  zmscore,
  zpopmax,
  zpopmin,
  zrandmember,
  zrange,
  zrangebylex,
  zrangebyscore,
  zrangestore,
  zrank,
  zrem,
  zremrangebylex,
  zremrangebyrank,
  zremrangebyscore,
  zrevrange,
  zrevrangebylex,
  zrevrangebyscore,
  zrevrank,
  zscan,
  zscore,
  zunion,
  zunionstore,
];
