/**
 * What Redis's allocations weigh (`zmalloc_size` under jemalloc), for MEMORY USAGE.
 */

/** jemalloc's size classes: 8, then steps of 16 up to 128, then four classes per power of two. */
export function allocationSize(bytes: number): number {
  if (bytes <= 8) {
    return 8;
  }
  if (bytes <= 128) {
    return Math.ceil(bytes / 16) * 16;
  }
  const spacing = 2 ** (Math.floor(Math.log2(bytes - 1)) - 2);
  return Math.ceil(bytes / spacing) * spacing;
}

/**
 * An sds made by `sdsnewlen` (keys, and the members and fields Redis copies with `sdsdup`): an
 * sdshdr5 below 32 bytes, then sdshdr8/16/32/64 by length, the bytes and a terminating nul.
 */
export function sdsSize(length: number): number {
  const header =
    length < 32 ? 1 : length < 256 ? 3 : length < 65_536 ? 5 : length < 2 ** 32 ? 9 : 17;
  return header + length + 1;
}
