/**
 * Turns whatever a client call threw into a {@link Problem}: what failed, why, and what to do,
 * in words a user can act on. The TUI never shows a stack trace (issue 9); the error boundary and
 * every screen render problems through this one function.
 */
import { AbortError, CommandError, HttpError, NetworkError, TimeoutError } from "@stratus/client";

/** A failure explained for people. */
export interface Problem {
  /** One line: what could not be done. */
  readonly title: string;
  /** What the service or the network said. */
  readonly detail: string;
  /** How to fix it: the flag or variable to set, the server to start. */
  readonly fix: string;
}

/** The service a call was made to, and the flags that point at it. */
export interface ServiceTarget {
  /** `key-value REST`, `management API` or `vector REST`. */
  readonly name: string;
  readonly url: string;
  /** e.g. `--kv-url / STRATUS_KV_URL`. */
  readonly urlFlag: string;
  /** e.g. `--kv-token / STRATUS_KV_TOKEN`. */
  readonly credentialFlags: string;
}

const START_HINT = "Start one with `stratus-emulator` (it prints its URL and token)";

/** A problem for a service that was not configured at all. */
export function missingCredentials(target: ServiceTarget): Problem {
  return {
    title: `No credentials for the ${target.name}`,
    detail: `The ${target.name} at ${target.url} needs credentials, and none were given.`,
    fix: `Pass ${target.credentialFlags}.`,
  };
}

/** Explains `error`, thrown by a call to `target`. */
export function describeProblem(error: unknown, target: ServiceTarget): Problem {
  if (error instanceof NetworkError) {
    return {
      title: `Cannot reach the ${target.name}`,
      detail: `Nothing answered at ${target.url}: ${error.message}`,
      fix: `${START_HINT}, or point ${target.urlFlag} at a running server.`,
    };
  }
  if (error instanceof TimeoutError) {
    return {
      title: `The ${target.name} did not answer in time`,
      detail: `${target.url}: ${error.message}`,
      fix: `Check that the server at ${target.url} is healthy (${target.urlFlag}).`,
    };
  }
  if (error instanceof HttpError) {
    return describeHttpError(error, target);
  }
  if (error instanceof CommandError) {
    return {
      title: "The command failed",
      detail: error.serverMessage,
      fix: "Check its arguments.",
    };
  }
  if (error instanceof AbortError) {
    return { title: "Cancelled", detail: "The request was cancelled.", fix: "Try again." };
  }
  const message = error instanceof Error ? error.message : String(error);
  return {
    title: `Unexpected failure talking to the ${target.name}`,
    detail: firstLine(message),
    fix: `Check ${target.urlFlag}; if it persists, report it with this message.`,
  };
}

function describeHttpError(error: HttpError, target: ServiceTarget): Problem {
  const detail = `HTTP ${error.status} from ${target.url}: ${firstLine(error.serverMessage)}`;
  if (error.status === 401 || error.status === 403) {
    return {
      title: `The ${target.name} refused the credentials`,
      detail,
      fix: `Pass the right ${target.credentialFlags}.`,
    };
  }
  // management-api.md §8: an unknown resource is a 404 "<kind> not found"; any other 404 is a
  // path the server does not serve.
  if (
    error.status === 404 &&
    /\b(database|index|team|queue|user) not found/i.test(error.serverMessage)
  ) {
    return {
      title: `Not found: ${firstLine(error.serverMessage)}`,
      detail,
      fix: "Check the id, or pick one on the Resources screen (`stratus-tui resources`).",
    };
  }
  if (error.status === 404) {
    return {
      title: `The ${target.name} is not served at this URL`,
      detail,
      fix: `Point ${target.urlFlag} at it (an emulator serves it at ${target.url}), or update the emulator.`,
    };
  }
  return {
    title: `The ${target.name} answered with an error`,
    detail,
    fix: error.status >= 500 ? "A server fault: check the server's log." : "Check the request.",
  };
}

/** Stack traces and multi-line dumps stay out of the screen. */
function firstLine(text: string): string {
  const line = text.split("\n", 1)[0] ?? "";
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}
