/**
 * Error bodies of the three interfaces, and the one-line summary of a failed schema check that
 * routes send back as the error text.
 */
import { z } from "zod";

/**
 * The error body of the key-value REST and management interfaces: `{"error":"<message>"}`
 * (`spec/kv-rest-wire.md` §5.1, `spec/management-api.md` §8).
 */
export const ErrorBodySchema = z.object({
  /** The error text; for key-value commands, the full Redis error line (`ERR …`, `WRONGTYPE …`). */
  error: z.string(),
});

/** An error body `{ error }`. */
export type ErrorBody = z.output<typeof ErrorBodySchema>;

/**
 * The error body of the vector REST interface: `{"error":"<message>","status":<code>}`, sent with
 * the same non-2xx status it carries (`spec/vector-rest-wire.md` §1.3).
 */
export const VectorErrorBodySchema = z.object({
  /** The error text, e.g. `Unauthorized: Invalid auth token`. */
  error: z.string(),
  /** The HTTP status code, repeated in the body. */
  status: z.int().min(400).max(599),
});

/** A vector error body `{ error, status }`. */
export type VectorErrorBody = z.output<typeof VectorErrorBodySchema>;

/** The shape {@link formatZodIssue} reads: a zod error, from the classic or the mini API. */
export interface ZodIssueSource {
  /** The failed checks, first failure first. */
  readonly issues: readonly z.core.$ZodIssue[];
}

// zod's English wording for a key that is not there at all.
const MISSING_VALUE_SUFFIX = "received undefined";

/**
 * Summarises a failed schema check in one line that names the failing field, for a 400 or 422
 * error body: `name: Invalid input: expected string, received number`,
 * `ids[2]: Invalid input: expected string, received object`, `target_account is required`.
 *
 * Only the first issue is described; `(and N more)` counts the rest. A message that already starts
 * with the field's name (`budget must be 0 (no limit) or between 20 and 10000`) is not prefixed a
 * second time. Line breaks are flattened.
 *
 * Pass the value that was parsed as `input` so that a missing key reads `<field> is required`
 * whatever the field's schema (an enum or literal says only "Invalid option" otherwise); without
 * it, only zod's `received undefined` wording is recognised.
 *
 * @example
 * const parsed = RenameBodySchema.safeParse(body);
 * if (!parsed.success) throw new HttpError(400, formatZodIssue(parsed.error, body));
 */
export function formatZodIssue(error: ZodIssueSource, input?: unknown): string {
  const [first, ...rest] = error.issues;
  if (first === undefined) {
    return "Invalid request body";
  }
  const { issue, path: keys } = explainIssue(first, []);
  const path = formatIssuePath(keys);
  const message = issue.message.replace(/\s*[\r\n]+\s*/g, " ");
  let summary: string;
  if (path === "") {
    summary = message;
  } else if (isMissingKey(issue, keys, input)) {
    summary = `${path} is required`;
  } else if (message.startsWith(`${path} `) || message.startsWith(`${path}:`)) {
    summary = message;
  } else {
    summary = `${path}: ${message}`;
  }
  return rest.length === 0 ? summary : `${summary} (and ${rest.length} more)`;
}

// Issue codes a missing key produces; refinements (`custom`) keep their own wording.
const MISSING_KEY_CODES: ReadonlySet<string> = new Set([
  "invalid_type",
  "invalid_value",
  "invalid_union",
]);

function isMissingKey(
  issue: z.core.$ZodIssue,
  keys: readonly PropertyKey[],
  input: unknown,
): boolean {
  // Only object keys are "required"; a short array or tuple keeps its schema's wording.
  if (!MISSING_KEY_CODES.has(issue.code) || typeof keys.at(-1) !== "string") {
    return false;
  }
  if (input === undefined) {
    return hasMissingWording(issue);
  }
  let value: unknown = input;
  for (const key of keys) {
    if (typeof value !== "object" || value === null || !Object.hasOwn(value, key)) {
      return true;
    }
    value = Reflect.get(value, key);
  }
  return value === undefined;
}

// A union that failed says only "Invalid input". When the value had the shape of one branch (an
// object for "object or array of objects"), that branch's own first issue names the field.
function explainIssue(
  issue: z.core.$ZodIssue,
  parentPath: readonly PropertyKey[],
): { readonly issue: z.core.$ZodIssue; readonly path: readonly PropertyKey[] } {
  const path = [...parentPath, ...issue.path];
  if (issue.code !== "invalid_union") {
    return { issue, path };
  }
  const branch = issue.errors.find((issues) => issues.length > 0 && !issues.every(isShapeMismatch));
  const inner = branch?.[0];
  return inner === undefined ? { issue, path } : explainIssue(inner, path);
}

// Whether zod's wording says the value is absent (in every branch, for a union).
function hasMissingWording(issue: z.core.$ZodIssue): boolean {
  if (issue.code === "invalid_type") {
    return issue.message.endsWith(MISSING_VALUE_SUFFIX);
  }
  return (
    issue.code === "invalid_union" &&
    issue.errors.length > 0 &&
    issue.errors.every((issues) => issues.length > 0 && issues.every(hasMissingWording))
  );
}

// Whether a branch failed only because the value is of another type altogether.
function isShapeMismatch(issue: z.core.$ZodIssue): boolean {
  if (issue.path.length > 0) {
    return false;
  }
  if (issue.code === "invalid_type") {
    return true;
  }
  return (
    issue.code === "invalid_union" && issue.errors.every((issues) => issues.every(isShapeMismatch))
  );
}

// `["sparseVector", "indices", 3]` → `sparseVector.indices[3]`; odd keys are quoted (`a["b c"]`).
function formatIssuePath(path: readonly PropertyKey[]): string {
  let text = "";
  for (const key of path) {
    if (typeof key === "number") {
      text += `[${key}]`;
    } else if (typeof key === "string" && /^[A-Za-z_$][\w$-]*$/.test(key)) {
      text += text === "" ? key : `.${key}`;
    } else {
      text += `[${JSON.stringify(String(key))}]`;
    }
  }
  return text;
}
