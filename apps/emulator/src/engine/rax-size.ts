/**
 * How many nodes Redis's radix tree (src/rax.c) has for a set of keys, which MEMORY USAGE's
 * `streamRadixTreeMemoryUsage` multiplies by a fixed cost per node.
 *
 * Inserting keys builds the compressed trie in its canonical form: a node at the root, at every
 * vertex where keys branch, at every child of such a vertex (the start of a compressed run or a
 * one-character node) and at every key's end (a leaf). `raxGenericInsert`'s splits produce exactly
 * these nodes (a split at a compressed node's first character replaces the node, elsewhere it
 * adds the trimmed part, and the postfix when characters remain). Deletions re-merge nodes where
 * they can; the canonical count is taken for those too.
 */

/**
 * Nodes of a radix tree holding `keys`: sorted bytewise, distinct, none a prefix of another (stream
 * IDs are all 16 bytes). An empty tree has its head node.
 */
export function raxNodeCount(keys: readonly string[]): number {
  if (keys.length === 0) {
    return 1;
  }
  const vertices = new Set<string>();
  for (let i = 0; i + 1 < keys.length; i++) {
    const key = keys[i] as string;
    const next = keys[i + 1] as string;
    const common = commonPrefixLength(key, next);
    // The branching vertex (the root is counted apart) and the two children on the way to these keys.
    if (common > 0) {
      vertices.add(key.slice(0, common));
    }
    if (common + 1 < key.length) {
      vertices.add(key.slice(0, common + 1));
    }
    if (common + 1 < next.length) {
      vertices.add(next.slice(0, common + 1));
    }
  }
  // The root, the interior vertices and a leaf per key.
  return 1 + vertices.size + keys.length;
}

function commonPrefixLength(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  let i = 0;
  while (i < length && a.charCodeAt(i) === b.charCodeAt(i)) {
    i++;
  }
  return i;
}
