/**
 * The usage of a run of RESP requests answered one after another without waiting (a pipeline's
 * requests in one read), recorded as one sample per kind when the run ends.
 *
 * Why not one sample per request: two clock reads and a metrics record per request cost about a
 * tenth of a pipelined GET's CPU (redis-benchmark -P 16, issue 21). A run reads the clock at its
 * two ends, so each of its requests counts the run's mean latency: the totals and the mean are
 * exact, while a percentile sees a pipeline's requests as equally long. A request that waits
 * (a blocking command, a proxied Redis) ends the run before it and is a run of its own.
 */
import type { UsageTotals } from "../metrics/usage.ts";

/** Requests of one kind in the run. */
export class KindTally {
  requests = 0;
  bytesIn = 0;
  bytesOut = 0;

  add(bytesIn: number, bytesOut: number): void {
    this.requests++;
    this.bytesIn += bytesIn;
    this.bytesOut += bytesOut;
  }

  /** Records these requests (of `kind`) with their share of the run's latency, and resets. */
  recordInto(usage: UsageTotals, { isWrite, msPerRequest }: RecordOptions): void {
    if (this.requests === 0) {
      return;
    }
    usage.recordCommands(this.requests, isWrite ? this.requests : 0);
    usage.recordRequest({
      requests: this.requests,
      latencyMs: msPerRequest * this.requests,
      bytesIn: this.bytesIn,
      bytesOut: this.bytesOut,
    });
    this.requests = 0;
    this.bytesIn = 0;
    this.bytesOut = 0;
  }
}

interface RecordOptions {
  readonly isWrite: boolean;
  readonly msPerRequest: number;
}

export class UsageRun {
  /** Where the run's requests count; undefined before AUTH (nothing is counted). */
  #usage: UsageTotals | undefined;
  /** `performance.now()` when the run began; undefined between runs. */
  #startedAt: number | undefined;
  readonly #reads = new KindTally();
  readonly #writes = new KindTally();

  /** Called as a request starts: the run's clock starts with its first request. */
  begin(): void {
    this.#startedAt ??= performance.now();
  }

  /**
   * The tally a request that was answered counts in (`add` its bytes): `usage`'s (the database it
   * ran on) reads or writes; undefined before AUTH, when nothing is counted. Not an options object
   * per request: this runs for every pipelined request.
   */
  tally(usage: UsageTotals | undefined, isWrite: boolean): KindTally | undefined {
    if (usage !== this.#usage) {
      // AUTH and RESET change the database only as requests that wait, which end the run; this
      // keeps each request in its own database whatever the order.
      this.#record();
      this.#usage = usage;
    }
    if (usage === undefined) {
      return undefined;
    }
    return isWrite ? this.#writes : this.#reads;
  }

  /** Ends the run: its requests are recorded, and the next request begins a new one. */
  end(): void {
    this.#record();
    this.#startedAt = undefined;
  }

  /** Records the requests counted so far, with the time since the run (or the last record) began. */
  #record(): void {
    const usage = this.#usage;
    const requests = this.#reads.requests + this.#writes.requests;
    if (usage === undefined || requests === 0 || this.#startedAt === undefined) {
      return;
    }
    const now = performance.now();
    const msPerRequest = (now - this.#startedAt) / requests;
    this.#writes.recordInto(usage, { isWrite: true, msPerRequest });
    this.#reads.recordInto(usage, { isWrite: false, msPerRequest });
    this.#startedAt = now;
  }
}
