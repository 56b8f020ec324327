/**
 * `useInput` that stays off where stdin cannot enter raw mode (a pipe, CI): Ink would throw there,
 * and the TUI must never try (issue 9).
 */
import { type Key, useInput, useStdin } from "ink";

/** A key handler. */
export type KeyHandler = (input: string, key: Key) => void;

/** Whether keys can be read at all. */
export function useCanReadKeys(): boolean {
  return useStdin().isRawModeSupported;
}

export function useKeys(handler: KeyHandler, options: { readonly isActive?: boolean } = {}): void {
  const canRead = useCanReadKeys();
  useInput(handler, { isActive: canRead && options.isActive !== false });
}
