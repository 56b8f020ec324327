/**
 * Links queued graph nodes in the background: slices of a few milliseconds between I/O events
 * (`setImmediate`), one graph after another, so writes answer at the speed of storing rows and
 * queries (which scan queued nodes exactly) stay correct while the graph catches up. The timer is
 * unref'd: pending linking never keeps a process alive.
 */

/** What the linker drives: `linkPending` returns how many nodes remain queued. */
export interface LinkableGraph {
  linkPending(budgetMs: number): number;
}

/** Milliseconds of linking per slice: short enough not to delay a request noticeably. */
const SLICE_MS = 8;

const waiting = new Map<LinkableGraph, () => boolean>();
let isScheduled = false;

/** Links `graph`'s queue in the background while `isCurrent()` holds. */
export function scheduleLinking(graph: LinkableGraph, isCurrent: () => boolean): void {
  waiting.set(graph, isCurrent);
  if (!isScheduled) {
    isScheduled = true;
    setImmediate(runSlice).unref();
  }
}

function runSlice(): void {
  isScheduled = false;
  const next = waiting.entries().next();
  if (next.done === true) {
    return;
  }
  const [graph, isCurrent] = next.value;
  if (!isCurrent() || graph.linkPending(SLICE_MS) === 0) {
    waiting.delete(graph);
  }
  if (waiting.size > 0) {
    isScheduled = true;
    setImmediate(runSlice).unref();
  }
}
