import type { RedisArgument, RedisKey } from "../../argv.ts";
import { asNullableText } from "../../decode.ts";
import { defineClientCommand } from "../../define.ts";

/** Options of XADD. */
export interface XaddOptions {
  /** The entry id. @default "*" (the server picks one) */
  readonly id?: string;
  /** Do not create a missing stream (`NOMKSTREAM`); the reply is then null. */
  readonly noMkStream?: boolean;
  /** Trim while adding. */
  readonly trim?: {
    readonly strategy: "MAXLEN" | "MINID";
    readonly threshold: number | string;
    /** `~` for approximate trimming. @default "=" */
    readonly comparison?: "=" | "~";
  };
}

function encodeXaddOptions(options: XaddOptions | undefined): RedisArgument[] {
  const argv: RedisArgument[] = [];
  if (options?.noMkStream === true) {
    argv.push("NOMKSTREAM");
  }
  if (options?.trim !== undefined) {
    const { strategy, comparison, threshold } = options.trim;
    argv.push(strategy, comparison ?? "=", threshold);
  }
  return argv;
}

/**
 * XADD key [NOMKSTREAM] [MAXLEN | MINID [= | ~] threshold] * | id field value [...]: append an entry; its id.
 * @see https://redis.io/commands/xadd
 */
export const xadd = defineClientCommand<
  (
    key: RedisKey,
    fields: Readonly<Record<string, RedisArgument>>,
    options?: XaddOptions,
  ) => string | null
>({
  name: "XADD",
  encode: (key, fields, options) => [
    key,
    ...encodeXaddOptions(options),
    options?.id ?? "*",
    ...Object.entries(fields).flat(),
  ],
  decode: asNullableText,
});
