/**
 * The console's line editor and command log, outside React. Keys are applied synchronously the
 * moment Ink delivers them (no effect has to run first), so nothing typed right after the console
 * shows is lost or reordered, and Enter runs exactly the line drawn. Commands run one after another
 * in the order they were entered; each result is appended when its command answers.
 */
import type { Key } from "ink";

/** One command and what it gave. */
export interface ConsoleEntry {
  readonly id: number;
  readonly command: string;
  readonly lines: readonly string[];
  readonly isError: boolean;
}

/** What the console screen draws. */
export interface ConsoleState {
  /** The line being typed. */
  readonly draft: string;
  /** Where the next character goes, 0…draft.length. */
  readonly cursor: number;
  /** Whether the field has the keyboard (Esc gives it back to the app, Enter takes it). */
  readonly isEditing: boolean;
  readonly entries: readonly ConsoleEntry[];
  /** Commands entered and not yet answered. */
  readonly pending: number;
}

/** Runs one command line; resolves with the lines to show and whether they are an error. */
export type ConsoleRunner = (
  line: string,
) => Promise<{ readonly lines: readonly string[]; readonly isError: boolean }>;

/** The keys the editor reads (Ink's `Key`, or a subset in tests). */
export type EditorKey = Partial<
  Pick<
    Key,
    | "return"
    | "escape"
    | "backspace"
    | "delete"
    | "leftArrow"
    | "rightArrow"
    | "upArrow"
    | "downArrow"
    | "home"
    | "end"
    | "ctrl"
    | "meta"
    | "tab"
    | "shift"
  >
>;

export interface ConsoleSession {
  state(): ConsoleState;
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /**
   * Applies one key. Returns whether the console used it: keys it does not use (digits and `q`
   * while the field is left) belong to the app.
   */
  key(input: string, key: EditorKey): boolean;
}

const MAX_ENTRIES = 200;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
const CONTROL = /[\u0000-\u001F\u007F]/g;

export function createConsoleSession(run: ConsoleRunner): ConsoleSession {
  let state: ConsoleState = { draft: "", cursor: 0, isEditing: true, entries: [], pending: 0 };
  const listeners = new Set<() => void>();
  /** History walk position: an index into the commands entered, or undefined at the fresh line. */
  let historyIndex: number | undefined;
  /** The line typed before walking the history, restored when walking past the newest. */
  let stash = "";
  const commands: string[] = [];
  let queue: Promise<void> = Promise.resolve();
  let nextId = 1;

  const update = (change: Partial<ConsoleState>): void => {
    state = { ...state, ...change };
    for (const listener of listeners) {
      listener();
    }
  };

  const insert = (text: string): void => {
    const clean = text.replace(CONTROL, "");
    if (clean === "") {
      return;
    }
    const { draft, cursor } = state;
    update({
      draft: draft.slice(0, cursor) + clean + draft.slice(cursor),
      cursor: cursor + clean.length,
    });
  };

  const setLine = (line: string): void => update({ draft: line, cursor: line.length });

  const submit = (): void => {
    const line = state.draft;
    historyIndex = undefined;
    stash = "";
    setLine("");
    if (line.trim() === "") {
      return;
    }
    commands.push(line);
    const id = nextId++;
    update({ pending: state.pending + 1 });
    // One at a time, in the order entered: results never overtake each other.
    queue = queue.then(async () => {
      const result = await run(line).catch((error: unknown) => ({
        lines: [`(error) ${error instanceof Error ? error.message : String(error)}`],
        isError: true,
      }));
      update({
        pending: state.pending - 1,
        entries: [
          ...state.entries.slice(-(MAX_ENTRIES - 1)),
          { id, command: line, lines: result.lines, isError: result.isError },
        ],
      });
    });
  };

  const walkHistory = (step: -1 | 1): void => {
    if (commands.length === 0) {
      return;
    }
    if (historyIndex === undefined) {
      if (step === 1) {
        return;
      }
      stash = state.draft;
      historyIndex = commands.length - 1;
    } else {
      historyIndex += step;
    }
    if (historyIndex < 0) {
      historyIndex = 0;
    }
    if (historyIndex >= commands.length) {
      historyIndex = undefined;
      setLine(stash);
      return;
    }
    setLine(commands[historyIndex] ?? "");
  };

  const edit = (input: string, key: EditorKey): void => {
    const { draft, cursor } = state;
    if (key.return) {
      submit();
    } else if (key.escape) {
      update({ isEditing: false });
    } else if (key.backspace || key.delete) {
      // Terminals send DEL (0x7f) for Backspace, which Ink reports as `delete`: both erase left.
      if (cursor > 0) {
        update({ draft: draft.slice(0, cursor - 1) + draft.slice(cursor), cursor: cursor - 1 });
      }
    } else if (key.leftArrow) {
      update({ cursor: Math.max(0, cursor - 1) });
    } else if (key.rightArrow) {
      update({ cursor: Math.min(draft.length, cursor + 1) });
    } else if (key.home || (key.ctrl && input === "a")) {
      update({ cursor: 0 });
    } else if (key.end || (key.ctrl && input === "e")) {
      update({ cursor: draft.length });
    } else if (key.ctrl && input === "u") {
      update({ draft: draft.slice(cursor), cursor: 0 });
    } else if (key.upArrow) {
      walkHistory(-1);
    } else if (key.downArrow) {
      walkHistory(1);
    } else if (!key.ctrl && !key.meta && !key.tab) {
      pasteOrType(input);
    }
  };

  /** Pasted text arrives as one input; its line breaks run the lines before them. */
  const pasteOrType = (input: string): void => {
    const parts = input.split(/\r\n|\r|\n/);
    parts.forEach((part, index) => {
      insert(part);
      if (index < parts.length - 1) {
        submit();
      }
    });
  };

  return {
    state: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    key(input, key) {
      if (state.isEditing) {
        edit(input, key);
        return true;
      }
      if (key.return) {
        update({ isEditing: true });
        return true;
      }
      return false;
    },
  };
}

/**
 * Splits one input event into the keys it holds. A terminal read can carry several keys typed
 * quickly (`6GET greeting\r`): Ink passes such a read on as one input, which would be taken for a
 * paste (and its first digit for a screen switch). Escape sequences (arrows) stay whole.
 */
export function splitTypedInput(
  input: string,
  key: EditorKey,
): readonly (readonly [string, EditorKey])[] {
  if (input.length <= 1 || input.startsWith("\u001B") || key.ctrl || key.meta) {
    return [[input, key]];
  }
  return Array.from(input, (character): readonly [string, EditorKey] => {
    const code = character.charCodeAt(0);
    if (character === "\r" || character === "\n") {
      return ["", { return: true }];
    }
    if (character === "\t") {
      return ["", { tab: true }];
    }
    if (code === 0x7f || code === 0x08) {
      return ["", { backspace: true }];
    }
    if (code < 0x20) {
      return [String.fromCharCode(code + 0x60), { ctrl: true }];
    }
    return [character, {}];
  });
}
