/**
 * Holds a file handle's next `datasync` (the fsync) or `writev` (the write) until released, so a test
 * can see what a store does while its I/O is in flight, without sleeps. The store's handle is not
 * visible to the test, so the spy goes on `FileHandle`'s prototype, found through a probe file.
 */
import type { FileHandle } from "node:fs/promises";
import { open } from "node:fs/promises";
import { join } from "node:path";
import { vi } from "vitest";

export interface HeldFileOperation {
  /** Resolves once the held operation has been called. */
  readonly entered: Promise<void>;
  /** Lets it run. */
  release(): void;
}

export async function holdNextFileOperation(
  operation: "datasync" | "writev",
  options: { readonly directory: string },
): Promise<HeldFileOperation> {
  const probe = await open(join(options.directory, "probe"), "w");
  await probe.close();
  const prototype = Object.getPrototypeOf(probe) as FileHandle;
  const original = prototype[operation] as (this: FileHandle, ...args: unknown[]) => unknown;
  let release = (): void => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let enter = (): void => undefined;
  const entered = new Promise<void>((resolve) => {
    enter = resolve;
  });
  vi.spyOn(prototype, operation).mockImplementationOnce(async function (
    this: FileHandle,
    ...args: unknown[]
  ) {
    enter();
    await gate;
    return original.apply(this, args) as never;
  });
  return { entered, release };
}
