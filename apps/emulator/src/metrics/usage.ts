/**
 * Usage counters of one resource (a database, an index): what the management stats are computed
 * from (STYLE.md §7.6). Routes and the RESP listener record; `management/` reads.
 */

/**
 * One request as a {@link UsageTotals} sink sees it: its commands, split by kind, and costs; or a
 * run of `requests` requests of one command each (RESP), their latency summed.
 */
export interface RequestUsage {
  readonly reads: number;
  readonly writes: number;
  readonly requests: number;
  readonly latencyMs: number;
  readonly bytesIn: number;
  readonly bytesOut: number;
}

/** Totals since start; the mean latency is `totalLatencyMs / requests`. */
export class UsageTotals {
  commands = 0;
  writes = 0;
  requests = 0;
  bytesIn = 0;
  bytesOut = 0;
  totalLatencyMs = 0;
  /** Clients (RESP connections, SSE streams) closed for going over their output-buffer limit. */
  outputLimitDisconnections = 0;
  /**
   * Commands admitted since the last request was recorded: a request admits its commands, then
   * records its costs, and the sink gets both together. Concurrent requests may swap counts
   * between them, but every command reaches the sink exactly once.
   */
  #pendingReads = 0;
  #pendingWrites = 0;
  readonly #sink: ((usage: RequestUsage) => void) | undefined;

  /** `sink` receives every request, e.g. the metrics recorder (STYLE.md §7.6). */
  constructor(sink?: (usage: RequestUsage) => void) {
    this.#sink = sink;
  }

  /** Counts admitted commands; `writes` of them change data (from command metadata). */
  recordCommands(commands: number, writes: number): void {
    this.commands += commands;
    this.writes += writes;
    this.#pendingReads += commands - writes;
    this.#pendingWrites += writes;
  }

  /** Records a request, or `requests` of them with their latencies summed. */
  recordRequest(sample: {
    requests?: number;
    latencyMs: number;
    bytesIn: number;
    bytesOut: number;
  }): void {
    const requests = sample.requests ?? 1;
    this.requests += requests;
    this.bytesIn += sample.bytesIn;
    this.bytesOut += sample.bytesOut;
    this.totalLatencyMs += sample.latencyMs;
    // Fields written out rather than spread: a spread here took V8's slow object-clone path.
    this.#sink?.({
      reads: this.#pendingReads,
      writes: this.#pendingWrites,
      requests,
      latencyMs: sample.latencyMs,
      bytesIn: sample.bytesIn,
      bytesOut: sample.bytesOut,
    });
    this.#pendingReads = 0;
    this.#pendingWrites = 0;
  }

  recordOutputLimitDisconnection(): void {
    this.outputLimitDisconnections++;
  }
}
