/** The sorted-set group's client commands, alphabetically (merged in `../index.ts`). */
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
import { zrangeWithScores } from "./zrange-with-scores.ts";
import { zrangebylex } from "./zrangebylex.ts";
import { zrangebyscore } from "./zrangebyscore.ts";
import { zrangestore } from "./zrangestore.ts";
import { zrank } from "./zrank.ts";
import { zrem } from "./zrem.ts";
import { zremrangebylex } from "./zremrangebylex.ts";
import { zremrangebyrank } from "./zremrangebyrank.ts";
import { zremrangebyscore } from "./zremrangebyscore.ts";
import { zrevrange } from "./zrevrange.ts";
import { zrevrank } from "./zrevrank.ts";
import { zscan } from "./zscan.ts";
import { zscore } from "./zscore.ts";
import { zunion } from "./zunion.ts";
import { zunionstore } from "./zunionstore.ts";

export const sortedSetCommands = {
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
  zrangeWithScores,
  zrangebylex,
  zrangebyscore,
  zrangestore,
  zrank,
  zrem,
  zremrangebylex,
  zremrangebyrank,
  zremrangebyscore,
  zrevrange,
  zrevrank,
  zscan,
  zscore,
  zunion,
  zunionstore,
} as const;
