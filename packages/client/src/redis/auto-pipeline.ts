/**
 * Auto-pipelining: commands called in the same tick (before the microtask queue drains) go out as
 * one `/pipeline` request, and each caller gets its own entry back, a failed entry rejecting only
 * its caller (kv-rest-wire.md §15.1). A batch holds at most 1000 commands, as the SDK's does.
 */
import type { RestValue } from "@stratus/core/rest";
import type { Argv } from "./argv.ts";
import { batchEntryError, type KvSession } from "./session.ts";

/** The SDK's batch limit (kv-rest-wire.md §15.1). */
export const MAX_AUTO_PIPELINE_SIZE = 1000;

interface Pending {
  readonly argv: Argv;
  readonly resolve: (value: RestValue) => void;
  readonly reject: (error: unknown) => void;
}

/** Queues commands and flushes them once per tick. */
export interface AutoPipeliner {
  execute(argv: Argv): Promise<RestValue>;
}

/** Creates the auto-pipeliner of a session. */
export function createAutoPipeliner(session: KvSession): AutoPipeliner {
  let queue: Pending[] = [];

  async function send(batch: readonly Pending[]): Promise<void> {
    const [only] = batch;
    if (batch.length === 1 && only !== undefined) {
      // A batch of one is an ordinary command: the smaller request, and the same error.
      session.execute(only.argv).then(only.resolve, only.reject);
      return;
    }
    try {
      const outcomes = await session.executeBatch(
        batch.map((pending) => pending.argv),
        { isTransaction: false },
      );
      batch.forEach((pending, index) => {
        const outcome = outcomes[index];
        if (outcome === undefined) {
          pending.reject(batchEntryError("no reply for this entry", pending.argv, index));
        } else if (outcome.ok) {
          pending.resolve(outcome.value);
        } else {
          pending.reject(batchEntryError(outcome.error, pending.argv, index));
        }
      });
    } catch (error: unknown) {
      for (const pending of batch) {
        pending.reject(error);
      }
    }
  }

  function flush(): void {
    const batch = queue;
    queue = [];
    for (let start = 0; start < batch.length; start += MAX_AUTO_PIPELINE_SIZE) {
      void send(batch.slice(start, start + MAX_AUTO_PIPELINE_SIZE));
    }
  }

  return {
    execute(argv) {
      return new Promise<RestValue>((resolve, reject) => {
        queue.push({ argv, resolve, reject });
        if (queue.length === 1) {
          queueMicrotask(flush);
        }
      });
    },
  };
}
