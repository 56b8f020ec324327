/** A binary min-heap of `[dueAt, id]`, for the messages waiting on a delay or a retry backoff. */
export class DueHeap {
  readonly #items: [number, string][] = [];

  clear(): void {
    this.#items.length = 0;
  }

  get size(): number {
    return this.#items.length;
  }

  push(dueAt: number, id: string): void {
    const items = this.#items;
    items.push([dueAt, id]);
    let index = items.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if ((items[parent]?.[0] ?? 0) <= dueAt) {
        break;
      }
      [items[parent], items[index]] = [
        items[index] as [number, string],
        items[parent] as [number, string],
      ];
      index = parent;
    }
  }

  peek(): [number, string] | undefined {
    return this.#items[0];
  }

  pop(): [number, string] | undefined {
    const items = this.#items;
    const top = items[0];
    const last = items.pop();
    if (top === undefined || last === undefined || items.length === 0) {
      return top;
    }
    items[0] = last;
    let index = 0;
    for (;;) {
      const left = index * 2 + 1;
      const right = left + 1;
      let smallest = index;
      if (left < items.length && (items[left]?.[0] ?? 0) < (items[smallest]?.[0] ?? 0)) {
        smallest = left;
      }
      if (right < items.length && (items[right]?.[0] ?? 0) < (items[smallest]?.[0] ?? 0)) {
        smallest = right;
      }
      if (smallest === index) {
        return top;
      }
      [items[smallest], items[index]] = [
        items[index] as [number, string],
        items[smallest] as [number, string],
      ];
      index = smallest;
    }
  }
}
