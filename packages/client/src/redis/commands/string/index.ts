/** The string group's client commands, alphabetically (merged in `../index.ts`). */
import { append } from "./append.ts";
import { decr } from "./decr.ts";
import { decrby } from "./decrby.ts";
import { delex } from "./delex.ts";
import { digest } from "./digest.ts";
import { get } from "./get.ts";
import { getdel } from "./getdel.ts";
import { getex } from "./getex.ts";
import { getrange } from "./getrange.ts";
import { getset } from "./getset.ts";
import { incr } from "./incr.ts";
import { incrby } from "./incrby.ts";
import { incrbyfloat } from "./incrbyfloat.ts";
import { lcs } from "./lcs.ts";
import { mget } from "./mget.ts";
import { mset } from "./mset.ts";
import { msetex } from "./msetex.ts";
import { msetnx } from "./msetnx.ts";
import { psetex } from "./psetex.ts";
import { set } from "./set.ts";
import { setex } from "./setex.ts";
import { setnx } from "./setnx.ts";
import { setrange } from "./setrange.ts";
import { strlen } from "./strlen.ts";
import { substr } from "./substr.ts";

export const stringCommands = {
  append,
  decr,
  decrby,
  delex,
  digest,
  get,
  getdel,
  getex,
  getrange,
  getset,
  incr,
  incrby,
  incrbyfloat,
  lcs,
  mget,
  mset,
  msetex,
  msetnx,
  psetex,
  set,
  setex,
  setnx,
  setrange,
  strlen,
  substr,
} as const;
