/**
 * The TUI's last line of defence (STYLE.md §12): a render error becomes a problem screen, never a
 * stack trace. The app keys it by screen, so switching screens starts afresh.
 */
import { Component, type ReactNode } from "react";
import type { Problem } from "../lib/problem.ts";
import { ProblemView } from "./ProblemView.tsx";

export interface ErrorBoundaryProps {
  readonly children: ReactNode;
}

interface ErrorBoundaryState {
  readonly problem: Problem | undefined;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { problem: undefined };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    const message = error instanceof Error ? error.message : String(error);
    return {
      problem: {
        title: "This screen failed",
        detail: message.split("\n", 1)[0] ?? "",
        fix: "Switch to another screen; if it happens again, report it with this message.",
      },
    };
  }

  override render(): ReactNode {
    const { problem } = this.state;
    return problem === undefined ? (
      this.props.children
    ) : (
      <ProblemView problem={problem} hint="Switch screens to continue." />
    );
  }
}
