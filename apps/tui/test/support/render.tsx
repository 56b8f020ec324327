/**
 * Screens under ink-testing-library at a fixed terminal size, with waits on frames (never sleeps):
 * `await screen.waitFor((frame) => frame.includes("…"))`.
 */
import { render } from "ink-testing-library";
import type { ReactElement } from "react";

/** Key sequences as a terminal sends them. */
export const KEYS = {
  up: "\u001B[A",
  down: "\u001B[B",
  right: "\u001B[C",
  left: "\u001B[D",
  enter: "\r",
  escape: "\u001B",
  tab: "\t",
  shiftTab: "\u001B[Z",
} as const;

/** A rendered tree. */
export interface RenderedScreen {
  /** The newest frame, ANSI codes removed. */
  frame(): string;
  /** Every frame so far, ANSI codes removed. */
  frames(): string[];
  /**
   * Types text or a key sequence once Ink listens, then lets React commit it, so the next key sees
   * the state this one made (as with a human typist).
   */
  press(input: string): Promise<void>;
  /** Resolves with the first frame (newest first) that satisfies `predicate`; rejects on timeout. */
  waitFor(predicate: (frame: string) => boolean, timeoutMs?: number): Promise<string>;
  /** Changes the terminal size and tells Ink, as SIGWINCH would. */
  resize(columns: number, rows: number): void;
  unmount(): void;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI escape sequences start with ESC.
const ANSI = /\u001B\[[0-9;?]*[ -/]*[@-~]/g;

/** The longest a key press waits for the frame it causes. */
const KEY_SETTLE_MS = 500;

/** One macrotask: Ink's input listeners attach in effects, and React commits between tasks. */
const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export function strip(text: string): string {
  return text.replace(ANSI, "");
}

/** Renders `tree` at `columns`×`rows` (default 80×24). */
export function renderScreen(
  tree: ReactElement,
  size: { readonly columns: number; readonly rows: number } = { columns: 80, rows: 24 },
): RenderedScreen {
  const instance = render(tree);
  const stdout = instance.stdout as unknown as NodeJS.EventEmitter & Record<string, unknown>;
  const setSize = (columns: number, rows: number): void => {
    Object.defineProperty(stdout, "columns", { value: columns, configurable: true });
    Object.defineProperty(stdout, "rows", { value: rows, configurable: true });
    stdout.emit("resize");
  };
  setSize(size.columns, size.rows);
  const frame = (): string => strip(instance.lastFrame() ?? "");
  let listeners: (() => void)[] = [];
  const nextFrame = (boundMs: number): Promise<void> =>
    new Promise((resolve) => {
      const done = (): void => {
        listeners = listeners.filter((listener) => listener !== done);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(done, boundMs);
      listeners.push(done);
    });
  // ink-testing-library records frames in `stdout.write`; wrap it to learn about new ones.
  const write = instance.stdout.write;
  instance.stdout.write = (text: string) => {
    write(text);
    for (const listener of listeners) {
      listener();
    }
  };
  return {
    frame,
    frames: () => instance.frames.map(strip),
    press: async (input) => {
      // Ink attaches its stdin listener in an effect after the first commit.
      for (let i = 0; i < 100 && instance.stdin.listenerCount("readable") === 0; i++) {
        await turn();
      }
      await turn();
      // Wait for the frame this key causes; a key that changes nothing on screen gives up after
      // a bound instead.
      const drawn = nextFrame(KEY_SETTLE_MS);
      instance.stdin.write(input);
      await drawn;
    },
    waitFor: (predicate, timeoutMs = 5000) =>
      new Promise((resolve, reject) => {
        const check = (): boolean => {
          const current = frame();
          if (predicate(current)) {
            listeners = listeners.filter((listener) => listener !== onFrame);
            clearTimeout(timer);
            resolve(current);
            return true;
          }
          return false;
        };
        const onFrame = (): void => {
          check();
        };
        const timer = setTimeout(() => {
          listeners = listeners.filter((listener) => listener !== onFrame);
          reject(new Error(`No matching frame within ${timeoutMs} ms. Last frame:\n${frame()}`));
        }, timeoutMs);
        if (!check()) {
          listeners.push(onFrame);
        }
      }),
    resize: setSize,
    unmount: () => {
      instance.unmount();
      instance.cleanup();
    },
  };
}
