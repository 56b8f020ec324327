/**
 * The sorted set (Redis's zset, src/t_zset.c): members with their scores in arrays by position
 * plus a `member → position` map for O(1) lookups (Redis's dict), and an order-statistic B+tree of
 * (score, member) pairs for O(log n) insert, delete, rank, select and range bounds (Redis's skip
 * list). Members are binary strings ordered by score, then by bytes (`memcmp`), as Redis orders
 * them.
 *
 * The tree keeps members and scores in parallel arrays inside leaves of up to 128 entries, so a
 * member costs a `Map` entry and four array slots, with no object per member (a skip list needs one
 * node object per member).
 */
import type { ConfigApi } from "../config.ts";
import { formatDouble, parseFloatArg } from "../numbers.ts";
import { scanPositions } from "./hash.ts";
import type { ContainerValue } from "./types.ts";

// ---- score and lexicographic ranges -------------------------------------------------------------

/** A score interval as ZRANGEBYSCORE reads it: `1.5`, `(1.5`, `-inf`, `+inf`. */
export interface ScoreRange {
  readonly min: number;
  readonly max: number;
  readonly minExclusive: boolean;
  readonly maxExclusive: boolean;
}

/** One end of a ZRANGEBYLEX interval: `-` and `+` are the infinite ends, else `[a` or `(a`. */
export type LexBound = "-" | "+" | { readonly value: string; readonly isExclusive: boolean };

export interface LexRange {
  readonly min: LexBound;
  readonly max: LexBound;
}

/**
 * A double the way Redis ≥ 8 reads range ends (`zslParseRange` with `fast_float_strtod`): an
 * optional sign, decimal digits with an optional fraction and exponent, or `inf`/`infinity` in any
 * case; no spaces, no hex. Like `strtod`, an empty text parses as 0.
 */
const SCORE_BOUND_SYNTAX =
  /^[+-]?(?:(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?|inf(?:inity)?)$/i;

function parseScoreBound(text: string): { value: number; isExclusive: boolean } | undefined {
  const isExclusive = text.charCodeAt(0) === 0x28; // "("
  const body = isExclusive ? text.slice(1) : text;
  if (body === "") {
    return { value: 0, isExclusive };
  }
  if (!SCORE_BOUND_SYNTAX.test(body)) {
    return undefined;
  }
  // The syntax is a subset of what parseFloatArg reads, so this only maps inf and overflow.
  const value = parseFloatArg(body);
  return value === undefined ? undefined : { value, isExclusive };
}

/** `zslParseRange`: undefined when either end is not a float (`ERR min or max is not a float`). */
export function parseScoreRange(minText: string, maxText: string): ScoreRange | undefined {
  const min = parseScoreBound(minText);
  const max = parseScoreBound(maxText);
  if (min === undefined || max === undefined) {
    return undefined;
  }
  return {
    min: min.value,
    max: max.value,
    minExclusive: min.isExclusive,
    maxExclusive: max.isExclusive,
  };
}

function parseLexBound(text: string): LexBound | undefined {
  switch (text.charCodeAt(0)) {
    case 0x2b: // "+"
      return text.length === 1 ? "+" : undefined;
    case 0x2d: // "-"
      return text.length === 1 ? "-" : undefined;
    case 0x28: // "("
      return { value: text.slice(1), isExclusive: true };
    case 0x5b: // "["
      return { value: text.slice(1), isExclusive: false };
    default:
      return undefined;
  }
}

/** `zslParseLexRange`: undefined when an end is malformed (`ERR min or max not valid string range item`). */
export function parseLexRange(minText: string, maxText: string): LexRange | undefined {
  const min = parseLexBound(minText);
  const max = parseLexBound(maxText);
  return min === undefined || max === undefined ? undefined : { min, max };
}

/** `sdscmplex` of a member against a bound: `-` sorts before every string and `+` after. */
function compareMember(member: string, bound: LexBound): number {
  if (bound === "-") {
    return 1;
  }
  if (bound === "+") {
    return -1;
  }
  return member < bound.value ? -1 : member > bound.value ? 1 : 0;
}

/** `sdscmplex` of two bounds. */
function compareBounds(a: LexBound, b: LexBound): number {
  if (a === b) {
    return 0;
  }
  if (a === "-" || b === "+") {
    return -1;
  }
  if (a === "+" || b === "-") {
    return 1;
  }
  return a.value < b.value ? -1 : a.value > b.value ? 1 : 0;
}

/** The infinite ends are exclusive in Redis (`*ex = 1`), which is what makes `-` match everything. */
function isExclusiveBound(bound: LexBound): boolean {
  return typeof bound === "string" || bound.isExclusive;
}

function isScoreRangeEmpty(range: ScoreRange): boolean {
  return (
    range.min > range.max || (range.min === range.max && (range.minExclusive || range.maxExclusive))
  );
}

function isLexRangeEmpty(range: LexRange): boolean {
  const order = compareBounds(range.min, range.max);
  return order > 0 || (order === 0 && (isExclusiveBound(range.min) || isExclusiveBound(range.max)));
}

function scoreAtLeastMin(score: number, range: ScoreRange): boolean {
  return range.minExclusive ? score > range.min : score >= range.min;
}

function scoreAtMostMax(score: number, range: ScoreRange): boolean {
  return range.maxExclusive ? score < range.max : score <= range.max;
}

function memberAtLeastMin(member: string, range: LexRange): boolean {
  const order = compareMember(member, range.min);
  return isExclusiveBound(range.min) ? order > 0 : order >= 0;
}

function memberAtMostMax(member: string, range: LexRange): boolean {
  const order = compareMember(member, range.max);
  return isExclusiveBound(range.max) ? order < 0 : order <= 0;
}

// ---- formatting ---------------------------------------------------------------------------------

/**
 * A score as Redis ≥ 7.2 replies with it: `addReplyDouble` → `d2string`, which is `formatDouble`
 * (integral values up to 2^62 as integers, everything else as the shortest round-trip form).
 */
export function formatScore(score: number): string {
  return formatDouble(score);
}

/**
 * `%.17g`, which ZSCAN uses for skiplist-encoded sets (`ld2string(…, LD_STR_AUTO)` in src/db.c
 * scanCallback): 17 significant digits, exponent form below 1e-4 or from 1e17, no trailing zeros.
 */
export function formatScoreG17(score: number): string {
  if (!Number.isFinite(score)) {
    return score > 0 ? "inf" : "-inf";
  }
  if (score === 0) {
    return Object.is(score, -0) ? "-0" : "0";
  }
  const [mantissa = "", exponentText = "0"] = score.toExponential(16).split("e");
  const exponent = Number(exponentText);
  if (exponent < -4 || exponent >= 17) {
    const trimmed = mantissa.includes(".") ? mantissa.replace(/\.?0+$/, "") : mantissa;
    const sign = exponent < 0 ? "-" : "+";
    const digits = String(Math.abs(exponent)).padStart(2, "0");
    return `${trimmed}e${sign}${digits}`;
  }
  const fixed = score.toFixed(Math.max(0, 16 - exponent));
  return fixed.includes(".") ? fixed.replace(/\.?0+$/, "") : fixed;
}

// ---- the order-statistic B+tree -----------------------------------------------------------------

/** Leaves split above this many entries; small enough that `splice` stays cheap. */
const LEAF_CAPACITY = 128;
const BRANCH_CAPACITY = 64;
/** Nodes this small try to merge with a sibling, so deletions do not leave the tree sparse. */
const LEAF_MERGE_BELOW = LEAF_CAPACITY / 4;
const BRANCH_MERGE_BELOW = BRANCH_CAPACITY / 4;

class Leaf {
  members: string[] = [];
  scores: number[] = [];
  prev: Leaf | undefined;
  next: Leaf | undefined;
}

/**
 * An inner node. `lowScores[i]`/`lowMembers[i]` (for i ≥ 1) is a lower bound of every key under
 * `children[i]` and above every key under `children[i - 1]`; it may be stale after deletions, which
 * keeps it a valid separator. `sizes[i]` counts the entries under `children[i]`.
 */
class Branch {
  children: TreeNode[];
  sizes: number[];
  lowScores: number[];
  lowMembers: string[];

  constructor(parts: {
    children: TreeNode[];
    sizes: number[];
    lowScores: number[];
    lowMembers: string[];
  }) {
    this.children = parts.children;
    this.sizes = parts.sizes;
    this.lowScores = parts.lowScores;
    this.lowMembers = parts.lowMembers;
  }

  total(): number {
    let total = 0;
    for (const size of this.sizes) {
      total += size;
    }
    return total;
  }
}

type TreeNode = Leaf | Branch;

/** True for a prefix of the key order (every key before the first `false` is `true`). */
type KeyPredicate = (score: number, member: string) => boolean;

/** A predicate true for keys ordered before (score, member), or equal to it with `orEqual`. */
function keysBefore(score: number, member: string, orEqual: boolean): KeyPredicate {
  return orEqual
    ? (otherScore, otherMember) =>
        otherScore < score || (otherScore === score && otherMember <= member)
    : (otherScore, otherMember) =>
        otherScore < score || (otherScore === score && otherMember < member);
}

/** Part of one tree leaf, as `SortedSet.forEachRunInScoreRange` hands it out. */
export interface ScoreRun {
  members: readonly string[];
  scores: readonly number[];
  start: number;
  end: number;
}

/** A position in the tree: a leaf and an index inside it. */
interface TreeCursor {
  leaf: Leaf | undefined;
  index: number;
}

class OrderTree {
  #root: TreeNode = new Leaf();
  #head: Leaf;
  #tail: Leaf;
  #size = 0;
  /** The descent path of the last insert/delete, reused to avoid allocations. */
  readonly #pathNodes: Branch[] = [];
  readonly #pathIndices: number[] = [];

  constructor() {
    this.#head = this.#root as Leaf;
    this.#tail = this.#head;
  }

  get size(): number {
    return this.#size;
  }

  /** Adds a key that is not in the tree. */
  insert(member: string, score: number): void {
    const isAtOrBefore = keysBefore(score, member, true);
    let node = this.#root;
    let depth = 0;
    while (node instanceof Branch) {
      const index = lastLowBefore(node, isAtOrBefore);
      this.#pathNodes[depth] = node;
      this.#pathIndices[depth] = index;
      depth++;
      node.sizes[index] = (node.sizes[index] ?? 0) + 1;
      node = node.children[index] as TreeNode;
    }
    const position = countInLeaf(node, isAtOrBefore);
    node.members.splice(position, 0, member);
    node.scores.splice(position, 0, score);
    this.#size++;
    if (node.members.length > LEAF_CAPACITY) {
      this.#splitLeaf(node, depth);
    }
  }

  /** Removes a key that is in the tree. */
  delete(member: string, score: number): void {
    const isAtOrBefore = keysBefore(score, member, true);
    let node = this.#root;
    let depth = 0;
    while (node instanceof Branch) {
      const index = lastLowBefore(node, isAtOrBefore);
      this.#pathNodes[depth] = node;
      this.#pathIndices[depth] = index;
      depth++;
      node.sizes[index] = (node.sizes[index] ?? 0) - 1;
      node = node.children[index] as TreeNode;
    }
    const position = countInLeaf(node, isAtOrBefore) - 1;
    node.members.splice(position, 1);
    node.scores.splice(position, 1);
    this.#size--;
    if (depth > 0 && node.members.length < LEAF_MERGE_BELOW) {
      this.#rebalance(node, depth);
    }
  }

  /** How many keys satisfy `isBefore` (a prefix predicate): the rank of the first that does not. */
  countBefore(isBefore: KeyPredicate): number {
    let node = this.#root;
    let count = 0;
    while (node instanceof Branch) {
      const index = lastLowBefore(node, isBefore);
      for (let i = 0; i < index; i++) {
        count += node.sizes[i] ?? 0;
      }
      node = node.children[index] as TreeNode;
    }
    return count + countInLeaf(node, isBefore);
  }

  /** The position of the key with 0-based `rank`; `leaf` is undefined past either end. */
  seek(rank: number): TreeCursor {
    if (rank < 0 || rank >= this.#size) {
      return { leaf: undefined, index: 0 };
    }
    let node = this.#root;
    let remaining = rank;
    while (node instanceof Branch) {
      let index = 0;
      while (remaining >= (node.sizes[index] ?? 0) && index < node.children.length - 1) {
        remaining -= node.sizes[index] ?? 0;
        index++;
      }
      node = node.children[index] as TreeNode;
    }
    return { leaf: node, index: remaining };
  }

  /** The position of the first key for which `isBefore` (a prefix predicate) is false. */
  seekFirstNotBefore(isBefore: KeyPredicate): TreeCursor {
    let node = this.#root;
    while (node instanceof Branch) {
      node = node.children[lastLowBefore(node, isBefore)] as TreeNode;
    }
    const index = countInLeaf(node, isBefore);
    return index < node.members.length ? { leaf: node, index } : { leaf: node.next, index: 0 };
  }

  get head(): Leaf {
    return this.#head;
  }

  get tail(): Leaf {
    return this.#tail;
  }

  #splitLeaf(leaf: Leaf, depth: number): void {
    const middle = leaf.members.length >>> 1;
    const right = new Leaf();
    right.members = leaf.members.splice(middle);
    right.scores = leaf.scores.splice(middle);
    right.prev = leaf;
    right.next = leaf.next;
    if (leaf.next === undefined) {
      this.#tail = right;
    } else {
      leaf.next.prev = right;
    }
    leaf.next = right;
    this.#addSibling({
      level: depth - 1,
      left: leaf,
      right,
      leftSize: leaf.members.length,
      rightSize: right.members.length,
      lowScore: right.scores[0] as number,
      lowMember: right.members[0] as string,
    });
  }

  /** Inserts `right` after `left` in the parent at `level` (−1: grow a new root). */
  #addSibling(split: {
    level: number;
    left: TreeNode;
    right: TreeNode;
    leftSize: number;
    rightSize: number;
    lowScore: number;
    lowMember: string;
  }): void {
    if (split.level < 0) {
      this.#root = new Branch({
        children: [split.left, split.right],
        sizes: [split.leftSize, split.rightSize],
        lowScores: [split.lowScore, split.lowScore],
        lowMembers: [split.lowMember, split.lowMember],
      });
      return;
    }
    const parent = this.#pathNodes[split.level] as Branch;
    const index = this.#pathIndices[split.level] as number;
    parent.sizes[index] = split.leftSize;
    parent.children.splice(index + 1, 0, split.right);
    parent.sizes.splice(index + 1, 0, split.rightSize);
    parent.lowScores.splice(index + 1, 0, split.lowScore);
    parent.lowMembers.splice(index + 1, 0, split.lowMember);
    if (parent.children.length > BRANCH_CAPACITY) {
      const middle = parent.children.length >>> 1;
      const sibling = new Branch({
        children: parent.children.splice(middle),
        sizes: parent.sizes.splice(middle),
        lowScores: parent.lowScores.splice(middle),
        lowMembers: parent.lowMembers.splice(middle),
      });
      this.#addSibling({
        level: split.level - 1,
        left: parent,
        right: sibling,
        leftSize: parent.total(),
        rightSize: sibling.total(),
        lowScore: sibling.lowScores[0] as number,
        lowMember: sibling.lowMembers[0] as string,
      });
    }
  }

  /** After a deletion left `node` (at `depth`) small: drop it if empty, else merge it if it fits. */
  #rebalance(node: TreeNode, depth: number): void {
    const parent = this.#pathNodes[depth - 1] as Branch;
    const index = this.#pathIndices[depth - 1] as number;
    const size = parent.sizes[index] ?? 0;
    if (size === 0) {
      this.#removeChild(parent, index);
    } else if (index + 1 < parent.children.length && fits(node, parent.children[index + 1])) {
      this.#mergeInto(parent, index);
    } else if (index > 0 && fits(parent.children[index - 1], node)) {
      this.#mergeInto(parent, index - 1);
    } else {
      return;
    }
    if (depth === 1) {
      this.#shrinkRoot();
    } else if (parent.children.length < BRANCH_MERGE_BELOW) {
      this.#rebalance(parent, depth - 1);
    }
  }

  /** Appends `parent.children[index + 1]` to `parent.children[index]` and drops the former. */
  #mergeInto(parent: Branch, index: number): void {
    const left = parent.children[index] as TreeNode;
    const right = parent.children[index + 1] as TreeNode;
    if (left instanceof Leaf && right instanceof Leaf) {
      left.members.push(...right.members);
      left.scores.push(...right.scores);
      this.#unlink(right);
    } else if (left instanceof Branch && right instanceof Branch) {
      // The right node's own first bound is unused; its separator in the parent takes its place.
      right.lowScores[0] = parent.lowScores[index + 1] as number;
      right.lowMembers[0] = parent.lowMembers[index + 1] as string;
      left.children.push(...right.children);
      left.sizes.push(...right.sizes);
      left.lowScores.push(...right.lowScores);
      left.lowMembers.push(...right.lowMembers);
    }
    parent.sizes[index] = (parent.sizes[index] ?? 0) + (parent.sizes[index + 1] ?? 0);
    spliceChild(parent, index + 1);
  }

  #removeChild(parent: Branch, index: number): void {
    const child = parent.children[index];
    if (child instanceof Leaf) {
      this.#unlink(child);
    }
    spliceChild(parent, index);
  }

  #unlink(leaf: Leaf): void {
    if (leaf.prev === undefined) {
      this.#head = leaf.next ?? leaf;
    } else {
      leaf.prev.next = leaf.next;
    }
    if (leaf.next === undefined) {
      this.#tail = leaf.prev ?? leaf;
    } else {
      leaf.next.prev = leaf.prev;
    }
  }

  /** A root with one child is replaced by that child, shortening every path. */
  #shrinkRoot(): void {
    while (this.#root instanceof Branch && this.#root.children.length <= 1) {
      const only = this.#root.children[0];
      if (only === undefined) {
        this.#root = new Leaf();
        this.#head = this.#root;
        this.#tail = this.#root;
        return;
      }
      this.#root = only;
    }
  }
}

function spliceChild(parent: Branch, index: number): void {
  parent.children.splice(index, 1);
  parent.sizes.splice(index, 1);
  parent.lowScores.splice(index, 1);
  parent.lowMembers.splice(index, 1);
}

function fits(left: TreeNode | undefined, right: TreeNode | undefined): boolean {
  if (left instanceof Leaf && right instanceof Leaf) {
    return left.members.length + right.members.length <= LEAF_CAPACITY;
  }
  if (left instanceof Branch && right instanceof Branch) {
    return left.children.length + right.children.length <= BRANCH_CAPACITY;
  }
  return false;
}

/** The last child index ≥ 1 whose lower bound satisfies `isBefore`, else 0. */
function lastLowBefore(branch: Branch, isBefore: KeyPredicate): number {
  let low = 1;
  let high = branch.children.length - 1;
  let result = 0;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    if (isBefore(branch.lowScores[mid] as number, branch.lowMembers[mid] as string)) {
      result = mid;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  return result;
}

/** The first index ≥ `from` of ascending `scores` whose score is ≥ `bound` (or the length). */
function firstAtLeast(scores: readonly number[], search: { from: number; bound: number }): number {
  let low = search.from;
  let high = scores.length;
  if (high === 0 || (scores[high - 1] as number) < search.bound) {
    return high;
  }
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((scores[mid] as number) < search.bound) {
      low = mid + 1;
    } else {
      high = mid;
    }
  }
  return low;
}

/** How many entries of a leaf satisfy `isBefore` (a prefix predicate). */
function countInLeaf(leaf: Leaf, isBefore: KeyPredicate): number {
  let low = 0;
  let high = leaf.members.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (isBefore(leaf.scores[mid] as number, leaf.members[mid] as string)) {
      low = mid + 1;
    } else {
      high = mid;
    }
  }
  return low;
}

// ---- the sorted set -----------------------------------------------------------------------------

/** `zset-max-listpack-entries` and `zset-max-listpack-value`: when the compact encoding ends. */
export interface SortedSetLimits {
  readonly maxListpackEntries: number;
  readonly maxListpackValue: number;
}

/** The limits as CONFIG holds them now (derived once per change). */
export function sortedSetLimits(config: Pick<ConfigApi, "derived">): SortedSetLimits {
  return config.derived(readSortedSetLimits);
}

function readSortedSetLimits(config: ConfigApi): SortedSetLimits {
  return {
    maxListpackEntries: Number(config.value("zset-max-listpack-entries")),
    maxListpackValue: Number(config.value("zset-max-listpack-value")),
  };
}

/** ZADD's flags (`ZADD_IN_*` in src/server.h). */
export interface AddFlags {
  readonly nx?: boolean;
  readonly xx?: boolean;
  readonly gt?: boolean;
  readonly lt?: boolean;
  readonly incr?: boolean;
}

/** What `zsetAdd` did: the member was added, its score changed, nothing happened, or NaN. */
export type AddOutcome = "added" | "updated" | "unchanged" | "skipped" | "nan";

/** A [start, end] interval of ranks, inclusive, in ascending order. */
export interface RankInterval {
  readonly start: number;
  readonly end: number;
}

/**
 * A sorted set. Besides the ordered tree, members sit in an array by position with a
 * `member → position` map: lookups are O(1), a random member is O(1), and a delete moves the last
 * member into the hole, so positions only ever move down. ZSCAN walks positions from the top down
 * (`scanPositions`), which returns every member present for the whole scan at least once, as
 * Redis's SCAN guarantees, with a stateless cursor.
 */
export class SortedSet implements ContainerValue {
  readonly type = "zset";
  readonly #positions = new Map<string, number>();
  #members: string[] = [];
  #scores: number[] = [];
  readonly #tree = new OrderTree();
  /** Whether Redis would hold this set as a listpack (`OBJECT ENCODING`); see `add`. */
  #isListpack = true;

  /**
   * `zsetTypeCreate`: a listpack unless the expected size or the first member's length is already
   * past the limits.
   */
  static create(limits: SortedSetLimits, hint: { size: number; memberLength: number }): SortedSet {
    const set = new SortedSet();
    set.#isListpack =
      hint.size <= limits.maxListpackEntries && hint.memberLength <= limits.maxListpackValue;
    return set;
  }

  get size(): number {
    return this.#members.length;
  }

  isEmpty(): boolean {
    return this.#members.length === 0;
  }

  encoding(): string {
    return this.#isListpack ? "listpack" : "skiplist";
  }

  clone(): SortedSet {
    const copy = new SortedSet();
    copy.#isListpack = this.#isListpack;
    for (let i = 0; i < this.#members.length; i++) {
      copy.#insert(this.#members[i] as string, this.#scores[i] as number);
    }
    return copy;
  }

  score(member: string): number | undefined {
    const position = this.#positions.get(member);
    return position === undefined ? undefined : this.#scores[position];
  }

  has(member: string): boolean {
    return this.#positions.has(member);
  }

  /**
   * `zsetAdd`: adds `member` or updates its score under ZADD's flags, converting to the skiplist
   * encoding when a new member would pass the limits. With `incr`, `score` is the increment.
   */
  add(
    member: string,
    score: number,
    options: { readonly flags: AddFlags; readonly limits: SortedSetLimits },
  ): { outcome: AddOutcome; score: number } {
    const { flags, limits } = options;
    const position = this.#positions.get(member);
    if (position === undefined) {
      if (flags.xx === true) {
        return { outcome: "skipped", score };
      }
      if (
        this.#isListpack &&
        (this.size + 1 > limits.maxListpackEntries || member.length > limits.maxListpackValue)
      ) {
        this.#isListpack = false;
      }
      this.#insert(member, score);
      return { outcome: "added", score };
    }
    const current = this.#scores[position] as number;
    if (flags.nx === true) {
      return { outcome: "skipped", score: current };
    }
    const next = flags.incr === true ? current + score : score;
    if (Number.isNaN(next)) {
      return { outcome: "nan", score: next };
    }
    if ((flags.lt === true && next >= current) || (flags.gt === true && next <= current)) {
      return { outcome: "skipped", score: current };
    }
    if (next === current) {
      // Redis compares with `!=`, so 0 and -0 count as equal and the old sign stays.
      return { outcome: "unchanged", score: next };
    }
    this.#tree.delete(member, current);
    this.#tree.insert(member, next);
    this.#scores[position] = next;
    return { outcome: "updated", score: next };
  }

  /** `zsetTypeMaybeConvert`: a ZADD of more pairs than the listpack limit converts up front. */
  reserve(pairs: number, limits: SortedSetLimits): void {
    if (this.#isListpack && pairs > limits.maxListpackEntries) {
      this.#isListpack = false;
    }
  }

  /**
   * `zsetConvertToListpackIfNeeded`, for sets built by ZUNIONSTORE and friends, which start as
   * skiplists: back to a listpack when small enough.
   */
  compactIfSmall(limits: SortedSetLimits): void {
    if (this.#isListpack || this.size > limits.maxListpackEntries) {
      return;
    }
    for (const member of this.#members) {
      if (member.length > limits.maxListpackValue) {
        return;
      }
    }
    this.#isListpack = true;
  }

  /** Marks a set as skiplist-encoded (how ZUNIONSTORE and friends build their result). */
  useSkiplist(): void {
    this.#isListpack = false;
  }

  remove(member: string): boolean {
    const position = this.#positions.get(member);
    if (position === undefined) {
      return false;
    }
    this.#tree.delete(member, this.#scores[position] as number);
    this.#positions.delete(member);
    // Fill the hole with the last member: positions only move down, which ZSCAN relies on.
    const lastMember = this.#members.pop() as string;
    const lastScore = this.#scores.pop() as number;
    if (position < this.#members.length) {
      this.#members[position] = lastMember;
      this.#scores[position] = lastScore;
      this.#positions.set(lastMember, position);
    }
    return true;
  }

  /** The 0-based ascending rank of `member`, or undefined. */
  rank(member: string): number | undefined {
    const score = this.score(member);
    if (score === undefined) {
      return undefined;
    }
    return this.#tree.countBefore(keysBefore(score, member, false));
  }

  /** The member and score at an ascending rank, or undefined outside [0, size). */
  at(rank: number): [string, number] | undefined {
    const { leaf, index } = this.#tree.seek(rank);
    if (leaf === undefined) {
      return undefined;
    }
    return [leaf.members[index] as string, leaf.scores[index] as number];
  }

  /** A uniformly random member and its score (`random` in [0, 1)); the set must not be empty. */
  random(random: () => number): [string, number] {
    const position = Math.floor(random() * this.#members.length);
    return [this.#members[position] as string, this.#scores[position] as number];
  }

  /** Calls `visit` for each rank of `interval`, ascending, or descending with `isReverse`. */
  forEachInRank(
    interval: RankInterval & { readonly isReverse?: boolean },
    visit: (member: string, score: number) => void,
  ): void {
    const count = interval.end - interval.start + 1;
    if (count <= 0) {
      return;
    }
    const isReverse = interval.isReverse === true;
    let { leaf, index } = this.#tree.seek(isReverse ? interval.end : interval.start);
    for (let visited = 0; visited < count && leaf !== undefined; visited++) {
      visit(leaf.members[index] as string, leaf.scores[index] as number);
      if (isReverse) {
        index--;
        if (index < 0) {
          leaf = leaf.prev;
          index = leaf === undefined ? 0 : leaf.members.length - 1;
        }
      } else {
        index++;
        if (index >= leaf.members.length) {
          leaf = leaf.next;
          index = 0;
        }
      }
    }
  }

  /**
   * Visits the entries with min ≤ score < max in ascending order, one run of a tree leaf at a
   * time: `visit` reads `members[i]` and `scores[i]` for `start` ≤ i < `end` (arrays it must not
   * change) and returns false to stop. A scan that looks at every entry of a range (GEOSEARCH's
   * cells) pays one call per run of up to a leaf's 128 entries, one descent, and no rank counting.
   */
  forEachRunInScoreRange(
    range: { readonly min: number; readonly max: number },
    visit: (run: ScoreRun) => boolean,
  ): void {
    const { min, max } = range;
    if (!(min < max)) {
      return;
    }
    let { leaf, index } = this.#tree.seekFirstNotBefore((score) => score < min);
    const run: ScoreRun = { members: [], scores: [], start: 0, end: 0 };
    for (; leaf !== undefined; leaf = leaf.next, index = 0) {
      const scores = leaf.scores;
      const end = firstAtLeast(scores, { from: index, bound: max });
      if (end > index) {
        run.members = leaf.members;
        run.scores = scores;
        run.start = index;
        run.end = end;
        if (!visit(run)) {
          return;
        }
      }
      if (end < scores.length) {
        return;
      }
    }
  }

  /** Every member and score in ascending order. */
  *entries(): IterableIterator<[string, number]> {
    for (let leaf: Leaf | undefined = this.#tree.head; leaf !== undefined; leaf = leaf.next) {
      for (let i = 0; i < leaf.members.length; i++) {
        yield [leaf.members[i] as string, leaf.scores[i] as number];
      }
    }
  }

  /** The ranks whose scores lie in `range` (`zslNthInRange` at 0 and −1), or undefined. */
  scoreRankInterval(range: ScoreRange): RankInterval | undefined {
    if (isScoreRangeEmpty(range) || this.size === 0) {
      return undefined;
    }
    const start = this.#tree.countBefore((score) => !scoreAtLeastMin(score, range));
    const end = this.#tree.countBefore((score) => scoreAtMostMax(score, range)) - 1;
    return start <= end ? { start, end } : undefined;
  }

  /**
   * The ranks whose members lie in `range`. Lex ranges assume equal scores; with mixed scores Redis
   * leaves the result unspecified. A listpack-encoded set is scanned linearly from the end the
   * command starts at, as `zzlFirstInLexRange`/`zzlLastInLexRange` do, so small sets give Redis's
   * exact answer either way; larger sets use a binary search, like the skiplist.
   */
  lexRankInterval(range: LexRange, isReverse = false): RankInterval | undefined {
    if (isLexRangeEmpty(range) || this.size === 0) {
      return undefined;
    }
    if (this.#isListpack) {
      return this.#scanLexInterval(range, isReverse);
    }
    const start = this.#tree.countBefore((_, member) => !memberAtLeastMin(member, range));
    const end = this.#tree.countBefore((_, member) => memberAtMostMax(member, range)) - 1;
    return start <= end ? { start, end } : undefined;
  }

  #scanLexInterval(range: LexRange, isReverse: boolean): RankInterval | undefined {
    const members: string[] = [];
    for (const [member] of this.entries()) {
      members.push(member);
    }
    const last = members.length - 1;
    // zzlIsInLexRange: the last member must reach min and the first must not pass max.
    if (
      !memberAtLeastMin(members[last] as string, range) ||
      !memberAtMostMax(members[0] as string, range)
    ) {
      return undefined;
    }
    if (isReverse) {
      let end = last;
      while (end >= 0 && !memberAtMostMax(members[end] as string, range)) {
        end--;
      }
      let start = end;
      while (start >= 0 && memberAtLeastMin(members[start] as string, range)) {
        start--;
      }
      return start + 1 <= end ? { start: start + 1, end } : undefined;
    }
    let start = 0;
    while (start <= last && !memberAtLeastMin(members[start] as string, range)) {
      start++;
    }
    let end = start;
    while (end <= last && memberAtMostMax(members[end] as string, range)) {
      end++;
    }
    return start <= end - 1 ? { start, end: end - 1 } : undefined;
  }

  /** Removes the members at ranks [start, end]; returns how many. */
  removeRankInterval(interval: RankInterval): number {
    const removed: string[] = [];
    this.forEachInRank(interval, (member) => {
      removed.push(member);
    });
    for (const member of removed) {
      this.remove(member);
    }
    return removed.length;
  }

  /**
   * One ZSCAN page. A listpack-encoded set answers everything at once, in order, with cursor 0, as
   * Redis does; a skiplist-encoded one walks positions from the top down (see the class comment).
   */
  scan(cursor: number, count: number): { cursor: number; entries: [string, number][] } {
    if (this.#isListpack) {
      return { cursor: 0, entries: [...this.entries()] };
    }
    const { next, positions } = scanPositions(this.#members.length, cursor, count);
    return {
      cursor: next,
      entries: positions.map((position) => [
        this.#members[position] as string,
        this.#scores[position] as number,
      ]),
    };
  }

  #insert(member: string, score: number): void {
    this.#positions.set(member, this.#members.length);
    this.#members.push(member);
    this.#scores.push(score);
    this.#tree.insert(member, score);
  }
}
