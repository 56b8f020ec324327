/**
 * Several async iterables read as one, items in arrival order: the pub/sub screen holds one
 * connection per subscription (kv-rest-wire.md §11.1) and shows them in one list. The first
 * failure ends the merged stream with that error.
 */
export async function* mergeStreams<TItem>(
  sources: readonly AsyncIterable<TItem>[],
): AsyncGenerator<TItem> {
  const queue: TItem[] = [];
  let failure: { readonly error: unknown } | undefined;
  let running = sources.length;
  let wake: (() => void) | undefined;
  const notify = (): void => {
    wake?.();
    wake = undefined;
  };
  for (const source of sources) {
    (async () => {
      for await (const item of source) {
        queue.push(item);
        notify();
      }
    })().then(
      () => {
        running--;
        notify();
      },
      (error: unknown) => {
        failure ??= { error };
        running--;
        notify();
      },
    );
  }
  while (true) {
    while (queue.length > 0) {
      yield queue.shift() as TItem;
    }
    if (failure !== undefined) {
      throw failure.error;
    }
    if (running === 0) {
      return;
    }
    await new Promise<void>((resolve) => {
      wake = resolve;
    });
  }
}
