/** DLQ ids are `{ms}-{n}`: ordered by both numbers, so a cursor survives deletions before it. */
export function compareDlqIds(left: string, right: string): number {
  const [leftMs = 0, leftSeq = 0] = left.split("-").map(Number);
  const [rightMs = 0, rightSeq = 0] = right.split("-").map(Number);
  return leftMs - rightMs || leftSeq - rightSeq;
}
