/** The generic group's commands, alphabetically (registered in `../table.ts`). */
import type { Command } from "../define.ts";
import { copy } from "./copy.ts";
import { del } from "./del.ts";
import { dump } from "./dump.ts";
import { exists } from "./exists.ts";
import { expire } from "./expire.ts";
import { expireat } from "./expireat.ts";
import { expiretime } from "./expiretime.ts";
import { keys } from "./keys.ts";
import { migrate } from "./migrate.ts";
import { move } from "./move.ts";
import { object } from "./object.ts";
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
import { wait } from "./wait.ts";
import { waitaof } from "./waitaof.ts";

export const genericCommands: readonly Command[] = [
  copy,
  del,
  dump,
  exists,
  expire,
  expireat,
  expiretime,
  keys,
  migrate,
  move,
  object,
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
  wait,
  waitaof,
];
