/** The generic group's client commands, alphabetically (merged in `../index.ts`). */
import { copy } from "./copy.ts";
import { del } from "./del.ts";
import { dump } from "./dump.ts";
import { exists } from "./exists.ts";
import { expire } from "./expire.ts";
import { expireat } from "./expireat.ts";
import { expiretime } from "./expiretime.ts";
import { keys } from "./keys.ts";
import { move } from "./move.ts";
import { objectEncoding } from "./object-encoding.ts";
import { objectFreq } from "./object-freq.ts";
import { objectIdletime } from "./object-idletime.ts";
import { objectRefcount } from "./object-refcount.ts";
import { persist } from "./persist.ts";
import { pexpire } from "./pexpire.ts";
import { pexpireat } from "./pexpireat.ts";
import { pexpiretime } from "./pexpiretime.ts";
import { pttl } from "./pttl.ts";
import { randomkey } from "./randomkey.ts";
import { rename } from "./rename.ts";
import { renamenx } from "./renamenx.ts";
import { restore } from "./restore.ts";
import { scan } from "./scan.ts";
import { sort } from "./sort.ts";
import { sortRo } from "./sort-ro.ts";
import { touch } from "./touch.ts";
import { ttl } from "./ttl.ts";
import { type } from "./type.ts";
import { unlink } from "./unlink.ts";

export const genericCommands = {
  copy,
  del,
  dump,
  exists,
  expire,
  expireat,
  expiretime,
  keys,
  move,
  objectEncoding,
  objectFreq,
  objectIdletime,
  objectRefcount,
  persist,
  pexpire,
  pexpireat,
  pexpiretime,
  pttl,
  randomkey,
  rename,
  renamenx,
  restore,
  scan,
  sort,
  sortRo,
  touch,
  ttl,
  type,
  unlink,
} as const;
