import { test } from "vitest";
import { mergeStreams } from "./merge-streams.ts";

async function* from<TItem>(items: readonly TItem[]): AsyncGenerator<TItem> {
  for (const item of items) {
    yield item;
  }
}

test("yields every item of every source", async ({ expect }) => {
  const items: number[] = [];
  for await (const item of mergeStreams([from([1, 2]), from([3]), from<number>([])])) {
    items.push(item);
  }
  expect(items.sort()).toEqual([1, 2, 3]);
});

test("a failing source fails the whole", async ({ expect }) => {
  async function* failing(): AsyncGenerator<number> {
    yield 1;
    throw new Error("broken stream");
  }
  const read = async (): Promise<void> => {
    for await (const _item of mergeStreams([failing(), from([2])])) {
      // drain
    }
  };
  await expect(read()).rejects.toThrow("broken stream");
});

test("no sources end at once", async ({ expect }) => {
  const items: unknown[] = [];
  for await (const item of mergeStreams([])) {
    items.push(item);
  }
  expect(items).toEqual([]);
});
