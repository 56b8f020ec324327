/** Growth of the typed arrays that hold a namespace's rows and graph. */

/**
 * The next capacity of a growing array: doubling while small, then a quarter more, so a large
 * namespace holds at most 25% unused rows (the memory-per-vector target of issue 21) for an
 * amortized copy of four times its size.
 */
export function grownCapacity(length: number): number {
  return length < 65_536 ? length * 2 : length + (length >> 2);
}
