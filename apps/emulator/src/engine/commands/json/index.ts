/** The json group's commands, alphabetically (registered in `../table.ts`). */
import type { Command } from "../define.ts";
import { jsonArrappend } from "./arrappend.ts";
import { jsonArrindex } from "./arrindex.ts";
import { jsonArrinsert } from "./arrinsert.ts";
import { jsonArrlen } from "./arrlen.ts";
import { jsonArrpop } from "./arrpop.ts";
import { jsonArrtrim } from "./arrtrim.ts";
import { jsonClear } from "./clear.ts";
import { jsonDebug } from "./debug.ts";
import { jsonDel } from "./del.ts";
import { jsonForget } from "./forget.ts";
import { jsonGet } from "./get.ts";
import { jsonMerge } from "./merge.ts";
import { jsonMget } from "./mget.ts";
import { jsonMset } from "./mset.ts";
import { jsonNumincrby } from "./numincrby.ts";
import { jsonNummultby } from "./nummultby.ts";
import { jsonObjkeys } from "./objkeys.ts";
import { jsonObjlen } from "./objlen.ts";
import { jsonResp } from "./resp.ts";
import { jsonSet } from "./set.ts";
import { jsonStrappend } from "./strappend.ts";
import { jsonStrlen } from "./strlen.ts";
import { jsonToggle } from "./toggle.ts";
import { jsonType } from "./type.ts";

export const jsonCommands: readonly Command[] = [
  jsonArrappend,
  jsonArrindex,
  jsonArrinsert,
  jsonArrlen,
  jsonArrpop,
  jsonArrtrim,
  jsonClear,
  jsonDebug,
  jsonDel,
  jsonForget,
  jsonGet,
  jsonMerge,
  jsonMget,
  jsonMset,
  jsonNumincrby,
  jsonNummultby,
  jsonObjkeys,
  jsonObjlen,
  jsonResp,
  jsonSet,
  jsonStrappend,
  jsonStrlen,
  jsonToggle,
  jsonType,
];
