/**
 * The replies of one batch of pipelined requests, sent with one socket write when the batch ends
 * (Redis too fills a client's reply buffer while it processes the query buffer, and writes it once,
 * in beforeSleep's handleClientsWithPendingWrites). One write of one buffer costs far less than a
 * corked socket's writev of a buffer per reply, each first wrapped as a Node Buffer.
 */
import type { Socket } from "node:net";

/** What the batch needs of its socket. */
export type ReplySink = Pick<Socket, "write" | "destroyed">;

export class ReplyBatch {
  readonly #socket: ReplySink;
  #chunks: Uint8Array[] = [];
  #bytes = 0;
  #isOpen = false;

  constructor(socket: ReplySink) {
    this.#socket = socket;
  }

  /** Bytes written since the last flush, not yet handed to the socket. */
  get pendingBytes(): number {
    return this.#bytes;
  }

  /** From now until `close`, writes are held for one write at the end. */
  open(): void {
    this.#isOpen = true;
  }

  write(bytes: Uint8Array): void {
    if (!this.#isOpen) {
      this.#socket.write(bytes);
      return;
    }
    this.#chunks.push(bytes);
    this.#bytes += bytes.byteLength;
  }

  /** Hands what is held to the socket, as one buffer; the batch stays open. */
  flush(): void {
    const chunks = this.#chunks;
    if (chunks.length === 0) {
      return;
    }
    const total = this.#bytes;
    this.#chunks = [];
    this.#bytes = 0;
    if (this.#socket.destroyed) {
      return;
    }
    this.#socket.write(
      chunks.length === 1 ? (chunks[0] as Uint8Array) : Buffer.concat(chunks, total),
    );
  }

  /** Flushes and ends the batch: later writes go to the socket at once. */
  close(): void {
    this.flush();
    this.#isOpen = false;
  }
}
