/**
 * The limits of the RESP2 codec, as one table (STYLE.md §7.7). Request limits are Redis's
 * defaults, from `redis/src/server.h`, `config.c` and `networking.c`; reply limits bound what a
 * peer can make us buffer.
 */
export const Resp2Limits = {
  /**
   * `PROTO_INLINE_MAX_SIZE` (64 KiB): the longest inline request, and the longest `*<count>` or
   * `$<length>` header line, that Redis waits for before failing with "too big … request/string".
   */
  MAX_INLINE_BYTES: 64 * 1024,
  /**
   * `proto-max-bulk-len`'s default (512 MiB): the largest `$<length>` Redis accepts in a request.
   * The reply decoder applies it to bulk strings and array lengths too, and to `+`/`-` lines, which
   * Redis never bounds, so that no reply makes us buffer more than a request could.
   */
  MAX_BULK_BYTES: 512 * 1024 * 1024,
  /**
   * The largest `*<count>` of a request: `INT_MAX` since Redis 7.0 (`ll > INT_MAX` in
   * `processMultibulkBuffer`); Redis 6.2 and older used `1024 * 1024`.
   */
  MAX_MULTIBULK_ARGS: 2_147_483_647,
  /**
   * The deepest nesting of arrays the reply decoder accepts. Redis's own replies nest at most a
   * handful of levels (COMMAND DOCS, XREAD); the limit bounds a hostile `*1\r\n*1\r\n…` stream.
   */
  MAX_DEPTH: 512,
} as const;
