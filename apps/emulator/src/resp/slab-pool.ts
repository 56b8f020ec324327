/**
 * Reply buffers ("slabs") shared by the RESP connections of a process, reused once the socket has
 * written what they held. A fresh `Buffer.allocUnsafe` per full buffer is external memory to V8:
 * a pipeline of 10 KB GETs allocated 160 KB of it per batch of 16, and past 64 MB of external
 * allocation V8 starts a full mark-compact ("external memory pressure"), every 50–60 ms under that
 * load, which tripled the CPU time of a large-value GET whenever the old generation was big enough
 * to make each one expensive. Redis too keeps a client's reply buffer instead of allocating one
 * per reply (`c->buf`, and its reply list's blocks are reused by `_addReplyProtoToList`).
 */

/** The smallest slab (Redis's reply buffer is 16 KiB too, PROTO_REPLY_CHUNK_BYTES). */
export const SLAB_BYTES = 16 * 1024;

interface SlabPoolOptions {
  /** At most this many bytes of idle slabs are kept; slabs given back beyond it are dropped. */
  readonly maxIdleBytes: number;
}

export class SlabPool {
  /** Idle slabs by size: each size is a power of two from SLAB_BYTES up. */
  readonly #idle = new Map<number, Buffer[]>();
  #idleBytes = 0;
  readonly #maxIdleBytes: number;

  constructor(options: SlabPoolOptions) {
    this.#maxIdleBytes = options.maxIdleBytes;
  }

  /** Bytes held in idle slabs. */
  get idleBytes(): number {
    return this.#idleBytes;
  }

  /** A slab of at least `bytes` (rounded up to its size class): an idle one, or a new one. */
  take(bytes: number): Buffer {
    const size = sizeClass(bytes);
    const slab = this.#idle.get(size)?.pop();
    if (slab === undefined) {
      return Buffer.allocUnsafe(size);
    }
    this.#idleBytes -= size;
    return slab;
  }

  /** Takes back a slab no write refers to any more (one `take` gave); dropped when the pool is full. */
  give(slab: Buffer): void {
    const size = slab.length;
    if (size !== sizeClass(size) || this.#idleBytes + size > this.#maxIdleBytes) {
      return;
    }
    const idle = this.#idle.get(size);
    if (idle === undefined) {
      this.#idle.set(size, [slab]);
    } else {
      idle.push(slab);
    }
    this.#idleBytes += size;
  }
}

/** The power of two ≥ `bytes`, and at least SLAB_BYTES. */
function sizeClass(bytes: number): number {
  let size = SLAB_BYTES;
  while (size < bytes) {
    size *= 2;
  }
  return size;
}

/**
 * The pool every RESP connection of the process shares: 8 MiB idle at most, enough for a few dozen
 * connections answering 10 KB values in pipelines of 16 (about 160 KB in flight each).
 */
export const replySlabs = new SlabPool({ maxIdleBytes: 8 * 1024 * 1024 });
