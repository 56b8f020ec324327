/**
 * Writes shared by several commands: where JSON.SET, JSON.MSET and JSON.MERGE write (RedisJSON's
 * `find_paths` / `find_add_paths`), in which order JSON.DEL and JSON.FORGET remove
 * (`prepare_paths_for_updating`), and JSON.NUMINCRBY / JSON.NUMMULTBY.
 */

import { ERR, ReplyError } from "../../errors.ts";
import { type Reply, reply } from "../../reply.ts";
import { formatJsonNumber } from "../json/format.ts";
import { addMember, mergePatch, type PathStep, removeAt, updateAt } from "../json/locations.ts";
import {
  applyNumericOperation,
  type NumericOperation,
  parseNumericOperand,
} from "../json/numbers.ts";
import { jsonBulk } from "../json/replies.ts";
import {
  cloneJson,
  isJsonNumber,
  type JsonDocument,
  type JsonFloat,
  type JsonValue,
} from "../json/value.ts";
import { selectMatches } from "./evaluate.ts";
import { compilePath } from "./parser.ts";
import type { JsonPathArg } from "./path-arg.ts";

/** A planned write: replace the value at `path`, or add member `key` to the object at `path`. */
export type UpdatePlan =
  | { readonly kind: "replace"; readonly path: readonly PathStep[] }
  | { readonly kind: "add"; readonly path: readonly PathStep[]; readonly key: string };

/** JSON.SET's NX / XX; JSON.MERGE behaves as `none`. */
export type SetCondition = "none" | "nx" | "xx";

/**
 * The writes for `pathText` (a JSONPath; legacy paths already rewritten): every existing match is
 * replaced (unless NX); with no match (or NX), a static path whose last step is a name adds that
 * member to each match of its parent (XX adds nothing). An empty plan means nothing to do (nil).
 */
export function planUpdates(
  root: JsonValue,
  pathText: string,
  condition: SetCondition,
): UpdatePlan[] {
  const compiled = compilePath(pathText);
  if (condition !== "nx") {
    const matches = selectMatches(compiled, root);
    if (matches.length > 0) {
      return matches.map((match) => ({ kind: "replace", path: match.path }));
    }
  }
  if (condition === "xx") {
    return [];
  }
  if (!compiled.isStatic) {
    throw new ReplyError(ERR.JSON_WRONG_STATIC_PATH);
  }
  const segments = compiled.segments;
  const last = segments[segments.length - 1];
  if (last === undefined) {
    // Only `$`, which always matches; kept for completeness of RedisJSON's checks.
    throw new ReplyError(ERR.JSON_PATH_MUST_END_WITH_KEY);
  }
  if (last.kind === "indexes") {
    // An index never creates an element: out of range, or (NX) already there.
    if (selectMatches(compiled, root).length === 0) {
      throw new ReplyError(ERR.JSON_ARRAY_INDEX_OUT_OF_RANGE);
    }
    return [];
  }
  const key = last.kind === "key" ? last.key : last.kind === "keys" ? (last.keys[0] ?? "") : "";
  if (segments.length === 1) {
    return [{ kind: "add", path: [], key }];
  }
  const parents = selectMatches({ ...compiled, segments: segments.slice(0, -1) }, root);
  return parents.map((parent) => ({ kind: "add", path: parent.path, key }));
}

/**
 * The paths JSON.DEL removes, ordered so that removing one does not move another: deeper paths
 * first, higher array indexes before lower ones, names before indexes; a path inside another
 * removed path is dropped (deleting the container deletes it). Emulator difference: "inside" is
 * step by step; RedisJSON compares the joined path texts, so it also drops `$.ab` next to `$.a`.
 */
export function orderForDeletion(paths: readonly (readonly PathStep[])[]): (readonly PathStep[])[] {
  const sorted = [...paths].sort(compareForDeletion);
  return sorted.filter(
    (path) => !sorted.some((other) => other.length < path.length && isPrefix(other, path)),
  );
}

function compareForDeletion(a: readonly PathStep[], b: readonly PathStep[]): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a[i] as PathStep;
    const y = b[i] as PathStep;
    if (typeof x === "number" && typeof y === "number") {
      if (x !== y) {
        return y - x;
      }
    } else if (typeof x === "number" || typeof y === "number") {
      // Names sort before indexes.
      return typeof x === "number" ? 1 : -1;
    } else if (x !== y) {
      return x < y ? -1 : 1;
    }
  }
  // Longer paths first.
  return b.length - a.length;
}

function isPrefix(prefix: readonly PathStep[], path: readonly PathStep[]): boolean {
  return prefix.every((step, i) => path[i] === step);
}

/**
 * Applies JSON.SET's plans (RedisJSON's `apply_updates`); each write gets its own copy of
 * `value`. Answers whether the last write happened, as RedisJSON's fold does.
 */
export function applyUpdates(
  document: JsonDocument,
  plans: readonly UpdatePlan[],
  value: JsonValue,
): boolean {
  let updated = false;
  plans.forEach((plan, i) => {
    const copy = i === plans.length - 1 ? value : cloneJson(value);
    updated =
      plan.kind === "replace"
        ? updateAt(document, plan.path, () => copy)
        : addMember(document.root, plan, copy);
  });
  return updated;
}

/** Applies JSON.MERGE's plans: matches are merged with the patch, new members added as given. */
export function applyMerge(
  document: JsonDocument,
  plans: readonly UpdatePlan[],
  patch: JsonValue,
): boolean {
  let updated = false;
  plans.forEach((plan, i) => {
    const copy = i === plans.length - 1 ? patch : cloneJson(patch);
    const done =
      plan.kind === "replace"
        ? updateAt(document, plan.path, (current) => mergePatch(current, copy))
        : addMember(document.root, plan, copy);
    updated = done || updated;
  });
  return updated;
}

/** JSON.DEL / JSON.FORGET below the root: how many values were removed. */
export function deleteMatches(document: JsonDocument, pathText: string): number {
  const matches = selectMatches(compilePath(pathText), document.root);
  let removed = 0;
  for (const path of orderForDeletion(matches.map((match) => match.path))) {
    if (removeAt(document.root, path)) {
      removed++;
    }
  }
  return removed;
}

/** What JSON.NUMINCRBY / JSON.NUMMULTBY asked for. */
export interface NumericRequest {
  readonly path: JsonPathArg;
  /** The operand argument, parsed only once a number is found (RedisJSON's order of errors). */
  readonly operand: string;
  readonly operation: NumericOperation;
}

/**
 * JSON.NUMINCRBY / JSON.NUMMULTBY: every number the path selects is updated. Emulator difference:
 * the new values are all computed before any is stored, so an error (a bad operand, an overflow to
 * infinity) leaves the document as it was, where RedisJSON keeps the updates made before it. JSONPath answers a JSON array of the new values (null for non-numbers);
 * a legacy path answers the last new value, or an error when it selects no number.
 */
export function updateNumbers(
  document: JsonDocument,
  request: NumericRequest,
): { readonly reply: Reply; readonly changed: boolean } {
  const { path } = request;
  const matches = selectMatches(compilePath(path.text), document.root);
  let operand: number | bigint | JsonFloat | undefined;
  // A path selected twice is updated twice, so later results build on earlier ones.
  const pending = new Map<string, number | bigint | JsonFloat>();
  const results = matches.map((match) => {
    if (!isJsonNumber(match.value)) {
      return null;
    }
    operand ??= parseNumericOperand(request.operand);
    const location = JSON.stringify(match.path);
    const current = pending.get(location) ?? match.value;
    const result = applyNumericOperation(current, operand, request.operation);
    pending.set(location, result);
    return result;
  });
  matches.forEach((match, i) => {
    const result = results[i];
    if (result !== null && result !== undefined) {
      updateAt(document, match.path, () => result);
    }
  });
  const changed = pending.size > 0;
  if (!path.isLegacy) {
    return { reply: jsonBulk(results), changed };
  }
  const last = results.filter((result) => result !== null).at(-1);
  if (last === undefined || last === null) {
    throw new ReplyError(ERR.JSON_PATH_NOT_FOUND_OR(path.text, "does not contains a number"));
  }
  return { reply: reply.bulk(formatJsonNumber(last)), changed };
}
