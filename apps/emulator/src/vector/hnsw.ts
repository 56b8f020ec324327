/**
 * An HNSW graph (Malkov & Yashunin, "Efficient and robust approximate nearest neighbor search using
 * Hierarchical Navigable Small World graphs", 2016; the layout follows nmslib/hnswlib:
 * `hnswlib/hnswalg.h`) over the rows of a {@link NamespaceStore}: it holds no vectors of its own,
 * only links between nodes and, per node, its item's row in the arena and squared norm (`slot`,
 * and the norm given to `add`), so it costs about 160–190 bytes of arrays a vector (M = 16) on top of the vector.
 *
 * Two departures from hnswlib, both for well-separated clusters (the bench's data): linking's
 * descent through the upper levels keeps a few candidates instead of one (`#descend`), and
 * pruning a level-0 list keeps a node no other list names (`#connect`), so every node stays
 * reachable.
 *
 * A search spends its time waiting for rows: each node it meets is a row of 1.5 KB (384
 * dimensions) somewhere in the arena, out of cache. So a node's unvisited neighbours are compared
 * with the query in one call into the SIMD kernel (`VectorArena.gatherQueryDots`), which touches
 * all their cache lines before computing and so has their misses in flight together; hnswlib
 * prefetches for the same reason.
 *
 * Writes are cheap: `add` only queues a node; `linkPending` links queued nodes into the graph in
 * slices, which the store runs in the background. A query searches the linked nodes and the
 * caller scans the queued ones exactly, so an answer never misses a record for want of linking.
 * `remove` unlinks a node and reconnects its neighbours among themselves (no rebuild).
 *
 * Scores here are float64 estimates used only to navigate; the service's exact scores are
 * computed by the caller for the candidates it returns.
 */
import { grownCapacity } from "./capacity.ts";
import { GATHER_ROWS, type VectorArena } from "./vector-arena.ts";

/** How the graph compares vectors: higher is nearer. */
export type GraphMetric = "cosine" | "euclidean" | "dot";

/**
 * What a node points at: a row of the store's vectors. The graph copies the row, and the
 * squared norm `add` is given, into arrays of its own when the item is added (a search reads them
 * for every node it meets, and an array is nearer in memory than each item), so whoever moves a
 * linked or queued item's row calls {@link HnswGraph.moved}.
 */
export interface GraphItem {
  /** Row in the arena. */
  slot: number;
  /** The item's node in the graph, -1 when it has none; the graph sets it. */
  node: number;
}

export interface HnswOptions {
  readonly metric: GraphMetric;
  /** The rows, compared with its SIMD kernel. */
  readonly arena: VectorArena;
  /** Links per node above level 0 (twice as many at level 0). @default 16 */
  readonly m?: number;
  /** Candidates kept while linking a node. @default 64 */
  readonly efConstruction?: number;
}

/** One nearest-first result of {@link HnswGraph.search}. */
export interface GraphHit<T> {
  readonly item: T;
  readonly estimate: number;
}

const FREE = -1;
const QUEUED = -2;
const INITIAL_CAPACITY = 64;
/** Nodes a search keeps on each level above the one it links or answers from (see `#descend`). */
const UPPER_LAYER_EF = 16;

/**
 * A binary min-heap of (score, node) on typed arrays, reused across searches so a search
 * allocates nothing per visited node.
 */
class ScoreHeap {
  scores = new Float64Array(64);
  nodes = new Int32Array(64);
  size = 0;

  clear(): void {
    this.size = 0;
  }

  get topScore(): number {
    return this.scores[0] as number;
  }

  get topNode(): number {
    return this.nodes[0] as number;
  }

  push(score: number, node: number): void {
    if (this.size === this.scores.length) {
      const scores = new Float64Array(this.size * 2);
      scores.set(this.scores);
      this.scores = scores;
      const nodes = new Int32Array(this.size * 2);
      nodes.set(this.nodes);
      this.nodes = nodes;
    }
    const { scores, nodes } = this;
    let child = this.size++;
    while (child > 0) {
      const parent = (child - 1) >> 1;
      if ((scores[parent] as number) <= score) {
        break;
      }
      scores[child] = scores[parent] as number;
      nodes[child] = nodes[parent] as number;
      child = parent;
    }
    scores[child] = score;
    nodes[child] = node;
  }

  pop(): void {
    const { scores, nodes } = this;
    const last = --this.size;
    const score = scores[last] as number;
    const node = nodes[last] as number;
    let parent = 0;
    for (;;) {
      let child = parent * 2 + 1;
      if (child >= last) {
        break;
      }
      if (child + 1 < last && (scores[child + 1] as number) < (scores[child] as number)) {
        child++;
      }
      if ((scores[child] as number) >= score) {
        break;
      }
      scores[parent] = scores[child] as number;
      nodes[parent] = nodes[child] as number;
      parent = child;
    }
    scores[parent] = score;
    nodes[parent] = node;
  }
}

/** mulberry32: a seeded generator, so the same writes build the same graph. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export class HnswGraph<T extends GraphItem> {
  readonly #metric: GraphMetric;
  readonly #arena: VectorArena;
  readonly #m: number;
  readonly #m0: number;
  readonly #efConstruction: number;
  readonly #levelFactor: number;
  readonly #random = seededRandom(0x5eed);
  #items: (T | undefined)[] = [];
  /** Per node: its item's row in the arena and squared norm (see {@link GraphItem}). */
  #slots = new Int32Array(INITIAL_CAPACITY);
  #norms = new Float64Array(INITIAL_CAPACITY);
  /** Per node: its top level when linked, QUEUED, or FREE. */
  #levels = new Int8Array(INITIAL_CAPACITY);
  /** Level-0 links: per node, a count then `m0` node ids. */
  #links0: Int32Array;
  /**
   * Per node: how many level-0 lists name it. A node no list names is out of every search's
   * reach, so pruning keeps it where it can (see `#connect`).
   */
  #inLinks0 = new Int32Array(INITIAL_CAPACITY);
  /** Links above level 0, per node: `m + 1` ints (a count, then ids) per level from 1. */
  #upper: (Int32Array | undefined)[] = [];
  #free: number[] = [];
  #queue: number[] = [];
  #queueHead = 0;
  #queuedCount = 0;
  #linkedCount = 0;
  #entry = -1;
  #maxLevel = -1;
  #visited = new Uint32Array(INITIAL_CAPACITY);
  #epoch = 0;
  /** The squared norm of the vector in the arena's query slot (a search's or a link's). */
  #queryNorm = 0;
  /** The nodes of the arena's gather list, in the same order. */
  readonly #gathered = new Int32Array(GATHER_ROWS);
  readonly #candidates = new ScoreHeap();
  readonly #results = new ScoreHeap();

  constructor(options: HnswOptions) {
    this.#metric = options.metric;
    this.#arena = options.arena;
    this.#m = options.m ?? 16;
    this.#m0 = this.#m * 2;
    this.#efConstruction = options.efConstruction ?? 64;
    this.#levelFactor = 1 / Math.log(this.#m);
    this.#links0 = new Int32Array(INITIAL_CAPACITY * (this.#m0 + 1));
  }

  /** Nodes linked into the graph (searchable). */
  get linkedCount(): number {
    return this.#linkedCount;
  }

  /** Nodes waiting to be linked: queries scan them exactly. */
  get queuedCount(): number {
    return this.#queuedCount;
  }

  /** Approximate bytes of the graph's own arrays. */
  byteSize(): number {
    let upper = 0;
    for (const links of this.#upper) {
      upper += links === undefined ? 0 : links.byteLength;
    }
    return (
      this.#links0.byteLength +
      this.#inLinks0.byteLength +
      this.#levels.byteLength +
      this.#slots.byteLength +
      this.#norms.byteLength +
      this.#visited.byteLength +
      upper
    );
  }

  /** Queues `item`, whose row's squared norm is `norm`, for linking; it has no node yet. */
  add(item: T, norm: number): void {
    const node = this.#allocate();
    this.#items[node] = item;
    item.node = node;
    this.#slots[node] = item.slot;
    this.#norms[node] = norm;
    this.#levels[node] = QUEUED;
    this.#links0[node * (this.#m0 + 1)] = 0;
    this.#upper[node] = undefined;
    this.#queue.push(node);
    this.#queuedCount++;
  }

  /** Follows `item`'s row to its new place in the arena (the store's swap-remove). */
  moved(item: T): void {
    if (item.node >= 0) {
      this.#slots[item.node] = item.slot;
    }
  }

  /** Items still queued, in queue order. */
  *queuedItems(): IterableIterator<T> {
    for (let index = this.#queueHead; index < this.#queue.length; index++) {
      const node = this.#queue[index] as number;
      if (this.#levels[node] === QUEUED) {
        yield this.#items[node] as T;
      }
    }
  }

  /** Links queued nodes until none is left or `budgetMs` has passed; returns how many remain. */
  linkPending(budgetMs = Number.POSITIVE_INFINITY): number {
    const deadline = performance.now() + budgetMs;
    let sinceCheck = 0;
    while (this.#queueHead < this.#queue.length) {
      const node = this.#queue[this.#queueHead++] as number;
      if (this.#levels[node] !== QUEUED) {
        continue;
      }
      this.#queuedCount--;
      this.#link(node);
      if (++sinceCheck === 16) {
        sinceCheck = 0;
        if (performance.now() >= deadline) {
          break;
        }
      }
    }
    if (this.#queueHead === this.#queue.length) {
      this.#queue = [];
      this.#queueHead = 0;
    }
    return this.#queuedCount;
  }

  /**
   * Unlinks the item's node and reconnects each former neighbour to the nearest of the others,
   * so the graph stays navigable without a rebuild.
   */
  remove(item: T): void {
    const node = item.node;
    item.node = -1;
    if (node < 0) {
      return;
    }
    const level = this.#levels[node] as number;
    this.#levels[node] = FREE;
    this.#items[node] = undefined;
    this.#free.push(node);
    if (level === QUEUED) {
      this.#queuedCount--;
      return;
    }
    this.#linkedCount--;
    for (let layer = 0; layer <= level; layer++) {
      const [links, base] = this.#linksOf(node, layer);
      const neighbours = Array.from(links.subarray(base + 1, base + 1 + (links[base] as number)));
      if (layer === 0) {
        links[base] = 0;
        for (const neighbour of neighbours) {
          this.#addInLink(neighbour, -1);
        }
      }
      for (const neighbour of neighbours) {
        if ((this.#levels[neighbour] as number) >= layer) {
          this.#unlink(neighbour, layer, node);
          this.#reconnect(neighbour, layer, neighbours);
        }
      }
    }
    if (node === this.#entry) {
      this.#chooseEntry();
    }
  }

  /**
   * The `ef` nearest linked nodes to `query` whose item `accept`s, nearest first. Rejected nodes
   * are still walked through, so a filter narrows the results, not the paths.
   */
  search(
    query: Float32Array,
    options: { readonly ef: number; readonly accept: (item: T) => boolean },
  ): GraphHit<T>[] {
    if (this.#entry < 0) {
      return [];
    }
    this.#setQuery(query);
    // The beam on every upper level, as linking's descent: hnswlib's greedy walk above level 1
    // gave the same ids at 100,000 and 300,000 vectors but lost recall at 1,000,000 (0.974 → 0.916
    // at ef 256; more levels, more chances to stop in the wrong cluster). Then one search of
    // level 0, keeping at least UPPER_LAYER_EF nodes: the descent used to run a 16-node search of
    // level 0 before the search asked for, whose best node started it; the one search keeping
    // both is cheaper and its recall no lower at any ef (BENCHMARKS.md).
    const entry = this.#descend(this.#entry, { from: this.#maxLevel, to: 1 });
    const ef = Math.max(options.ef, UPPER_LAYER_EF);
    this.#searchLayer(entry, { ef, layer: 0, accept: options.accept });
    const results = this.#results;
    while (results.size > options.ef) {
      results.pop();
    }
    const hits: GraphHit<T>[] = new Array(results.size);
    for (let index = results.size - 1; index >= 0; index--) {
      hits[index] = { item: this.#items[results.topNode] as T, estimate: results.topScore };
      results.pop();
    }
    return hits;
  }

  /**
   * How well level 0 holds together (tests, benchmarks): linked nodes no other node links to at
   * level 0, and the items of linked nodes a walk over level-0 links from the entry point never
   * meets (a search cannot return them whatever its `ef`).
   */
  connectivity(): { readonly inDegreeZero: number; readonly unreachable: T[] } {
    const nodes = this.#items.length;
    const stride = this.#m0 + 1;
    const links0 = this.#links0;
    const levels = this.#levels;
    const hasInLink = new Uint8Array(nodes);
    for (let node = 0; node < nodes; node++) {
      if ((levels[node] as number) < 0) {
        continue;
      }
      const base = node * stride;
      const count = links0[base] as number;
      for (let index = 0; index < count; index++) {
        hasInLink[links0[base + 1 + index] as number] = 1;
      }
    }
    const reached = new Uint8Array(nodes);
    const stack: number[] = this.#entry < 0 ? [] : [this.#entry];
    if (this.#entry >= 0) {
      reached[this.#entry] = 1;
    }
    while (stack.length > 0) {
      const node = stack.pop() as number;
      const base = node * stride;
      const count = links0[base] as number;
      for (let index = 0; index < count; index++) {
        const neighbour = links0[base + 1 + index] as number;
        if (reached[neighbour] === 0 && (levels[neighbour] as number) >= 0) {
          reached[neighbour] = 1;
          stack.push(neighbour);
        }
      }
    }
    let inDegreeZero = 0;
    const unreachable: T[] = [];
    for (let node = 0; node < nodes; node++) {
      if ((levels[node] as number) < 0) {
        continue;
      }
      if (hasInLink[node] === 0 && node !== this.#entry) {
        inDegreeZero++;
      }
      if (reached[node] === 0) {
        unreachable.push(this.#items[node] as T);
      }
    }
    return { inDegreeZero, unreachable };
  }

  // ── linking ─────────────────────────────────────────────────────────────────────────────────

  #link(node: number): void {
    this.#arena.setQueryFromRow(this.#slots[node] as number);
    this.#queryNorm = this.#norms[node] as number;
    const level = Math.min(126, Math.floor(-Math.log(1 - this.#random()) * this.#levelFactor));
    this.#levels[node] = level;
    this.#links0[node * (this.#m0 + 1)] = 0;
    this.#upper[node] = level > 0 ? new Int32Array(level * (this.#m + 1)) : undefined;
    this.#linkedCount++;
    if (this.#entry < 0) {
      this.#entry = node;
      this.#maxLevel = level;
      return;
    }
    let entry = this.#descend(this.#entry, { from: this.#maxLevel, to: level + 1 });
    for (let layer = Math.min(level, this.#maxLevel); layer >= 0; layer--) {
      this.#searchLayer(entry, { ef: this.#efConstruction, layer, accept: undefined });
      const { nodes, scores } = this.#drainResults(node);
      entry = nodes[0] ?? entry;
      const capacity = layer === 0 ? this.#m0 : this.#m;
      const chosen = this.#selectNeighbours(nodes, scores, this.#m);
      const [links, base] = this.#linksOf(node, layer);
      links[base] = chosen.length;
      links.set(chosen, base + 1);
      for (const neighbour of chosen) {
        if (layer === 0) {
          this.#addInLink(neighbour, 1);
        }
        this.#connect(neighbour, { layer, node, capacity });
      }
    }
    if (level > this.#maxLevel) {
      this.#entry = node;
      this.#maxLevel = level;
    }
  }

  /** Adds `node` to `neighbour`'s links, pruning them with the heuristic when full. */
  #connect(neighbour: number, link: { layer: number; node: number; capacity: number }): void {
    const [links, base] = this.#linksOf(neighbour, link.layer);
    const count = links[base] as number;
    const current = links.subarray(base + 1, base + 1 + count);
    if (current.includes(link.node)) {
      // A link left from the node id's former life (see `remove`) already points here.
      return;
    }
    if (count < link.capacity) {
      links[base + 1 + count] = link.node;
      links[base] = count + 1;
      if (link.layer === 0) {
        this.#addInLink(link.node, 1);
      }
      return;
    }
    // Links to removed nodes (or to ids since reused) stay behind in lists `remove` does not
    // visit: dropped here, as they have no vector to compare (or a stranger's).
    const levels = this.#levels;
    const candidates = [
      ...current.filter((node) => (levels[node] as number) >= link.layer),
      link.node,
    ]
      .map((node) => ({ node, score: this.#pairScore(neighbour, node) }))
      .sort((left, right) => right.score - left.score);
    const chosen = this.#selectNeighbours(
      candidates.map((candidate) => candidate.node),
      candidates.map((candidate) => candidate.score),
      link.capacity,
    );
    if (link.layer === 0) {
      const inLinks = this.#inLinks0;
      for (let index = 0; index < count; index++) {
        this.#addInLink(links[base + 1 + index] as number, -1);
      }
      const kept = new Set(chosen);
      // A dropped node no other list names would be out of every search's reach: it keeps its
      // place, nearest first, and when the list is full the farthest kept node that another
      // list also names gives up its own.
      let giver = chosen.length - 1;
      for (const candidate of candidates) {
        if (kept.has(candidate.node) || inLinks[candidate.node] !== 0) {
          continue;
        }
        if (chosen.length < link.capacity) {
          chosen.push(candidate.node);
        } else {
          while (giver >= 0 && inLinks[chosen[giver] as number] === 0) {
            giver--;
          }
          if (giver < 0) {
            break;
          }
          kept.delete(chosen[giver] as number);
          chosen[giver--] = candidate.node;
        }
        kept.add(candidate.node);
      }
      for (const kept of chosen) {
        this.#addInLink(kept, 1);
      }
    }
    links[base] = chosen.length;
    links.set(chosen, base + 1);
  }

  /**
   * hnswlib's `getNeighborsByHeuristic2`: nearest first, a candidate is kept only when it is
   * nearer to the new node than to every neighbour kept so far, which keeps links spread across
   * clusters instead of all inside the nearest one.
   */
  #selectNeighbours(nodes: readonly number[], scores: readonly number[], limit: number): number[] {
    const chosen: number[] = [];
    for (let index = 0; index < nodes.length && chosen.length < limit; index++) {
      const candidate = nodes[index] as number;
      const score = scores[index] as number;
      let isDiverse = true;
      for (const kept of chosen) {
        if (this.#pairScore(candidate, kept) > score) {
          isDiverse = false;
          break;
        }
      }
      if (isDiverse) {
        chosen.push(candidate);
      }
    }
    return chosen;
  }

  #addInLink(node: number, delta: number): void {
    this.#inLinks0[node] = (this.#inLinks0[node] as number) + delta;
  }

  #unlink(from: number, layer: number, node: number): void {
    const [links, base] = this.#linksOf(from, layer);
    const count = links[base] as number;
    for (let index = 0; index < count; index++) {
      if (links[base + 1 + index] === node) {
        links[base + 1 + index] = links[base + count] as number;
        links[base] = count - 1;
        if (layer === 0) {
          this.#addInLink(node, -1);
        }
        return;
      }
    }
  }

  /** Fills `node`'s free link places at `layer` with the nearest of `candidates`. */
  #reconnect(node: number, layer: number, candidates: readonly number[]): void {
    const [links, base] = this.#linksOf(node, layer);
    const capacity = layer === 0 ? this.#m0 : this.#m;
    let count = links[base] as number;
    const current = new Set(links.subarray(base + 1, base + 1 + count));
    const scored: { node: number; score: number }[] = [];
    for (const candidate of candidates) {
      if (
        candidate !== node &&
        !current.has(candidate) &&
        (this.#levels[candidate] as number) >= layer
      ) {
        scored.push({ node: candidate, score: this.#pairScore(node, candidate) });
      }
    }
    scored.sort((left, right) => right.score - left.score);
    for (const { node: candidate } of scored) {
      if (count >= capacity) {
        break;
      }
      links[base + 1 + count++] = candidate;
      if (layer === 0) {
        this.#addInLink(candidate, 1);
      }
    }
    links[base] = count;
  }

  #chooseEntry(): void {
    this.#entry = -1;
    this.#maxLevel = -1;
    const levels = this.#levels;
    for (let node = 0; node < this.#items.length; node++) {
      const level = levels[node] as number;
      if (level > this.#maxLevel) {
        this.#entry = node;
        this.#maxLevel = level;
      }
    }
  }

  // ── searching ───────────────────────────────────────────────────────────────────────────────

  #setQuery(query: Float32Array): void {
    this.#arena.setQuery(query);
    let norm = 0;
    for (let index = 0; index < query.length; index++) {
      norm += (query[index] as number) * (query[index] as number);
    }
    this.#queryNorm = norm;
  }

  /**
   * Descent from `entry` at `from` down to level `to`: at each level a search keeping
   * {@link UPPER_LAYER_EF} nodes, whose nearest starts the next level.
   * The paper's greedy walk (ef 1) stops at the first local optimum; on well-separated clusters
   * the lower levels hardly link across them, so a walk that reaches level 0 in the wrong cluster
   * stays there, and a node linked from there gets links into the wrong cluster only (the bench's
   * data at 200,000: 679 nodes whose nearest link scored below 0.5 after the greedy walk, 5 after
   * this one). Queries and linking alike (see `search`).
   */
  #descend(entry: number, levels: { readonly from: number; readonly to: number }): number {
    let current = entry;
    for (let layer = levels.from; layer >= levels.to; layer--) {
      this.#searchLayer(current, { ef: UPPER_LAYER_EF, layer, accept: undefined });
      const { nodes, scores, size } = this.#results;
      let best = Number.NEGATIVE_INFINITY;
      for (let index = 0; index < size; index++) {
        if ((scores[index] as number) > best) {
          best = scores[index] as number;
          current = nodes[index] as number;
        }
      }
    }
    return current;
  }

  /**
   * Algorithm 2 of the paper: best-first from `entry`, keeping the `ef` best accepted nodes in
   * `#results` (a min-heap: its root is the worst kept).
   */
  #searchLayer(
    entry: number,
    options: {
      readonly ef: number;
      readonly layer: number;
      readonly accept: ((item: T) => boolean) | undefined;
    },
  ): void {
    const { ef, layer, accept } = options;
    const candidates = this.#candidates;
    const results = this.#results;
    candidates.clear();
    results.clear();
    const visited = this.#nextEpoch();
    const epoch = this.#epoch;
    const levels = this.#levels;
    const items = this.#items;
    const links0 = this.#links0;
    const stride0 = this.#m0 + 1;
    const upperBase = (layer - 1) * (this.#m + 1);
    const slots = this.#slots;
    const rows = this.#arena.gatherList;
    const gathered = this.#gathered;
    visited[entry] = epoch;
    const entryScore = this.#queryScore(entry);
    candidates.push(-entryScore, entry);
    if (accept === undefined || accept(items[entry] as T)) {
      results.push(entryScore, entry);
    }
    while (candidates.size > 0) {
      const score = -candidates.topScore;
      const current = candidates.topNode;
      if (results.size >= ef && score < results.topScore) {
        break;
      }
      candidates.pop();
      // The links inline (no [array, index] pair per visited node): level 0 in one slab.
      const links = layer === 0 ? links0 : (this.#upper[current] as Int32Array);
      const base = layer === 0 ? current * stride0 : upperBase;
      const count = links[base] as number;
      // The unvisited neighbours' rows, compared with the query in one call into the kernel.
      let size = 0;
      for (let index = 0; index < count; index++) {
        const neighbour = links[base + 1 + index] as number;
        if (visited[neighbour] === epoch || (levels[neighbour] as number) < layer) {
          continue;
        }
        visited[neighbour] = epoch;
        gathered[size] = neighbour;
        rows[size] = slots[neighbour] as number;
        if (++size === GATHER_ROWS) {
          this.#admitGathered(size, { ef, accept });
          size = 0;
        }
      }
      if (size > 0) {
        this.#admitGathered(size, { ef, accept });
      }
    }
  }

  /**
   * Scores the first `size` nodes of `#gathered` (their rows in the arena's gather list) and
   * admits each in turn, as the paper's loop over a node's neighbours does.
   */
  #admitGathered(
    size: number,
    options: { readonly ef: number; readonly accept: ((item: T) => boolean) | undefined },
  ): void {
    const { ef, accept } = options;
    const arena = this.#arena;
    const metric = this.#metric;
    if (metric === "euclidean") {
      arena.gatherQueryDistances(size);
    } else {
      arena.gatherQueryDots(size);
    }
    const sums = arena.gatherScores;
    const gathered = this.#gathered;
    const norms = this.#norms;
    const candidates = this.#candidates;
    const results = this.#results;
    const queryNorm = this.#queryNorm;
    for (let index = 0; index < size; index++) {
      const neighbour = gathered[index] as number;
      const sum = sums[index] as number;
      let neighbourScore: number;
      if (metric === "cosine") {
        const product = queryNorm * (norms[neighbour] as number);
        neighbourScore = product === 0 ? 0 : sum / Math.sqrt(product);
      } else {
        neighbourScore = metric === "euclidean" ? -sum : sum;
      }
      if (results.size < ef || neighbourScore > results.topScore) {
        candidates.push(-neighbourScore, neighbour);
        if (accept === undefined || accept(this.#items[neighbour] as T)) {
          results.push(neighbourScore, neighbour);
          if (results.size > ef) {
            results.pop();
          }
        }
      }
    }
  }

  /**
   * Empties `#results` into arrays, nearest first, without `self`: a reused node id may still
   * have links pointing at it from its former life, so a search can meet the node being linked.
   */
  #drainResults(self: number): { nodes: number[]; scores: number[] } {
    const results = this.#results;
    const nodes: number[] = [];
    const scores: number[] = [];
    while (results.size > 0) {
      if (results.topNode !== self) {
        nodes.push(results.topNode);
        scores.push(results.topScore);
      }
      results.pop();
    }
    return { nodes: nodes.reverse(), scores: scores.reverse() };
  }

  #nextEpoch(): Uint32Array {
    if (this.#visited.length < this.#items.length) {
      this.#visited = new Uint32Array(this.#levels.length);
      this.#epoch = 0;
    }
    this.#epoch++;
    if (this.#epoch === 0xffffffff) {
      this.#visited.fill(0);
      this.#epoch = 1;
    }
    return this.#visited;
  }

  // ── scores ──────────────────────────────────────────────────────────────────────────────────

  /*
   * Sums as float32, as a gather returns them (`VectorArena.gatherScores`): the WebAssembly
   * kernel's are already, the JavaScript kernel's (small arenas) are rounded, so a node scores
   * the same whichever way it was compared.
   */

  #queryScore(node: number): number {
    const slot = this.#slots[node] as number;
    const arena = this.#arena;
    switch (this.#metric) {
      case "cosine": {
        const product = this.#queryNorm * (this.#norms[node] as number);
        return product === 0 ? 0 : Math.fround(arena.queryDot(slot)) / Math.sqrt(product);
      }
      case "euclidean":
        return -Math.fround(arena.queryDistance(slot));
      case "dot":
        return Math.fround(arena.queryDot(slot));
    }
  }

  #pairScore(left: number, right: number): number {
    const slots = this.#slots;
    const a = slots[left] as number;
    const b = slots[right] as number;
    const arena = this.#arena;
    switch (this.#metric) {
      case "cosine": {
        const product = (this.#norms[left] as number) * (this.#norms[right] as number);
        return product === 0 ? 0 : Math.fround(arena.rowDot(a, b)) / Math.sqrt(product);
      }
      case "euclidean":
        return -Math.fround(arena.rowDistance(a, b));
      case "dot":
        return Math.fround(arena.rowDot(a, b));
    }
  }

  // ── storage ─────────────────────────────────────────────────────────────────────────────────

  /** The array holding `node`'s links at `layer` and where they start (the count's index). */
  #linksOf(node: number, layer: number): [Int32Array, number] {
    if (layer === 0) {
      return [this.#links0, node * (this.#m0 + 1)];
    }
    return [this.#upper[node] as Int32Array, (layer - 1) * (this.#m + 1)];
  }

  #allocate(): number {
    const reused = this.#free.pop();
    if (reused !== undefined) {
      return reused;
    }
    const node = this.#items.length;
    this.#items.push(undefined);
    if (node >= this.#levels.length) {
      const capacity = grownCapacity(this.#levels.length);
      const levels = new Int8Array(capacity);
      levels.set(this.#levels);
      this.#levels = levels;
      const links0 = new Int32Array(capacity * (this.#m0 + 1));
      links0.set(this.#links0);
      this.#links0 = links0;
      const inLinks0 = new Int32Array(capacity);
      inLinks0.set(this.#inLinks0);
      this.#inLinks0 = inLinks0;
      const slots = new Int32Array(capacity);
      slots.set(this.#slots);
      this.#slots = slots;
      const norms = new Float64Array(capacity);
      norms.set(this.#norms);
      this.#norms = norms;
    }
    return node;
  }
}
