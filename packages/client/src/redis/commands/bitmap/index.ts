/** The bitmap group's client commands, alphabetically (merged in `../index.ts`). */
import { bitcount } from "./bitcount.ts";
import { bitfield } from "./bitfield.ts";
import { bitfieldRo } from "./bitfield-ro.ts";
import { bitop } from "./bitop.ts";
import { bitpos } from "./bitpos.ts";
import { getbit } from "./getbit.ts";
import { setbit } from "./setbit.ts";

export const bitmapCommands = {
  bitcount,
  bitfield,
  bitfieldRo,
  bitop,
  bitpos,
  getbit,
  setbit,
} as const;
