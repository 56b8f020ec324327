/**
 * A resumable query (vector-rest-wire.md §2.6): start once, then ask for more hits with `next`
 * until done, then `end` to free the server's state. As an async iterable it yields pages of hits
 * (the start's `topK`, then `pageSize` at a time) until a page comes back empty, and ends the query
 * however the loop is left.
 */
import type { QueryResult } from "@stratus/core/schemas";
import { UsageError } from "../errors.ts";

/** What the resumable query calls on the server. */
export interface ResumableQueryCalls {
  start(): Promise<{ readonly uuid: string; readonly scores: QueryResult }>;
  next(uuid: string, additionalK: number): Promise<QueryResult>;
  end(uuid: string): Promise<void>;
}

/** A resumable query handle. */
export interface ResumableQuery extends AsyncIterable<QueryResult>, AsyncDisposable {
  /** Starts the query and returns its first `topK` hits. */
  start(): Promise<QueryResult>;
  /** The next `additionalK` hits not returned yet. */
  next(additionalK: number): Promise<QueryResult>;
  /** Stops the query on the server; later calls fail. Idempotent. */
  end(): Promise<void>;
  /** The server's handle, once started. */
  readonly uuid: string | undefined;
}

// The SDK's own wording (vector-rest-wire.md §2.6).
const NOT_STARTED = "Resumable query has not been started. Call start() first.";
const STOPPED =
  "The resumable query has already been stopped. Please start another resumable query.";

/** Creates the handle; nothing is sent until `start()` or iteration. */
export function createResumableQuery(
  calls: ResumableQueryCalls,
  options: { readonly pageSize: number },
): ResumableQuery {
  let uuid: string | undefined;
  let isEnded = false;

  const handle: ResumableQuery = {
    get uuid() {
      return uuid;
    },
    async start() {
      if (isEnded) {
        throw new UsageError(STOPPED);
      }
      const started = await calls.start();
      uuid = started.uuid;
      return started.scores;
    },
    next(additionalK) {
      if (isEnded) {
        return Promise.reject(new UsageError(STOPPED));
      }
      if (uuid === undefined) {
        return Promise.reject(new UsageError(NOT_STARTED));
      }
      return calls.next(uuid, additionalK);
    },
    async end() {
      if (isEnded || uuid === undefined) {
        isEnded = true;
        return;
      }
      isEnded = true;
      await calls.end(uuid);
    },
    async *[Symbol.asyncIterator]() {
      try {
        let page = uuid === undefined ? await handle.start() : await handle.next(options.pageSize);
        while (page.length > 0) {
          yield page;
          page = await handle.next(options.pageSize);
        }
      } finally {
        await handle.end();
      }
    },
    [Symbol.asyncDispose]: () => handle.end(),
  };
  return handle;
}
