/** The json group's client commands, alphabetically (merged in `../index.ts`). */
import { jsonArrappend } from "./arrappend.ts";
import { jsonArrinsert } from "./arrinsert.ts";
import { jsonArrlen } from "./arrlen.ts";
import { jsonArrpop } from "./arrpop.ts";
import { jsonArrtrim } from "./arrtrim.ts";
import { jsonClear } from "./clear.ts";
import { jsonDel } from "./del.ts";
import { jsonGet } from "./get.ts";
import { jsonMerge } from "./merge.ts";
import { jsonMget } from "./mget.ts";
import { jsonMset } from "./mset.ts";
import { jsonNumincrby } from "./numincrby.ts";
import { jsonNummultby } from "./nummultby.ts";
import { jsonObjkeys } from "./objkeys.ts";
import { jsonObjlen } from "./objlen.ts";
import { jsonSet } from "./set.ts";
import { jsonStrappend } from "./strappend.ts";
import { jsonStrlen } from "./strlen.ts";
import { jsonToggle } from "./toggle.ts";
import { jsonType } from "./type.ts";

export const jsonCommands = {
  jsonArrappend,
  jsonArrinsert,
  jsonArrlen,
  jsonArrpop,
  jsonArrtrim,
  jsonClear,
  jsonDel,
  jsonGet,
  jsonMerge,
  jsonMget,
  jsonMset,
  jsonNumincrby,
  jsonNummultby,
  jsonObjkeys,
  jsonObjlen,
  jsonSet,
  jsonStrappend,
  jsonStrlen,
  jsonToggle,
  jsonType,
} as const;
