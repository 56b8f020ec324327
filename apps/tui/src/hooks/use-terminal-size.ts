/**
 * The terminal's size, updated on `resize` so every screen lays itself out again. A stream that is
 * not a terminal (a pipe, a test) reports nothing; 80×24 is assumed then.
 */
import { useStdout } from "ink";
import { useEffect, useState } from "react";

/** Columns and rows. */
export interface TerminalSize {
  readonly columns: number;
  readonly rows: number;
}

/** What a screen is laid out for when the stream does not say. */
export const FALLBACK_SIZE: TerminalSize = { columns: 80, rows: 24 };

function read(stdout: NodeJS.WriteStream): TerminalSize {
  return {
    columns: stdout.columns > 0 ? stdout.columns : FALLBACK_SIZE.columns,
    rows: stdout.rows > 0 ? stdout.rows : FALLBACK_SIZE.rows,
  };
}

export function useTerminalSize(): TerminalSize {
  const { stdout } = useStdout();
  const [size, setSize] = useState(() => read(stdout));
  useEffect(() => {
    const onResize = (): void => setSize(read(stdout));
    stdout.on("resize", onResize);
    return () => {
      stdout.off("resize", onResize);
    };
  }, [stdout]);
  return size;
}
