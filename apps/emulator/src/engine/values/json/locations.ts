import { type JsonDocument, JsonObject, type JsonValue } from "./value.ts";

/** A step from a container to a child: an object key or an array index. */
export type PathStep = string | number;

/** The value at `path`, or undefined when the path no longer leads anywhere. */
export function valueAt(root: JsonValue, path: readonly PathStep[]): JsonValue | undefined {
  let node: JsonValue | undefined = root;
  for (const step of path) {
    if (node === undefined) {
      return undefined;
    }
    node = childOf(node, step);
  }
  return node;
}

function childOf(node: JsonValue, step: PathStep): JsonValue | undefined {
  if (typeof step === "number") {
    return Array.isArray(node) ? node[step] : undefined;
  }
  return node instanceof JsonObject ? node.get(step) : undefined;
}

/**
 * Replaces the value at `path` (a non-empty path) with `update(current)`; false when the path no
 * longer leads anywhere (RedisJSON's `replace`).
 */
export function replaceAt(
  root: JsonValue,
  path: readonly PathStep[],
  update: (current: JsonValue) => JsonValue,
): boolean {
  const parent = valueAt(root, path.slice(0, -1));
  const last = path[path.length - 1];
  if (parent === undefined || last === undefined) {
    return false;
  }
  if (typeof last === "number") {
    if (!Array.isArray(parent) || last >= parent.length) {
      return false;
    }
    parent[last] = update(parent[last] as JsonValue);
    return true;
  }
  if (!(parent instanceof JsonObject)) {
    return false;
  }
  const current = parent.get(last);
  if (current === undefined) {
    return false;
  }
  parent.set(last, update(current));
  return true;
}

/** `replaceAt` that also replaces the root for an empty path. */
export function updateAt(
  document: JsonDocument,
  path: readonly PathStep[],
  update: (current: JsonValue) => JsonValue,
): boolean {
  if (path.length === 0) {
    document.root = update(document.root);
    return true;
  }
  return replaceAt(document.root, path, update);
}

/** Removes the value at a non-empty `path`; false when it is not there (RedisJSON's `remove`). */
export function removeAt(root: JsonValue, path: readonly PathStep[]): boolean {
  const parent = valueAt(root, path.slice(0, -1));
  const last = path[path.length - 1];
  if (parent === undefined || last === undefined) {
    return false;
  }
  if (typeof last === "number") {
    if (!Array.isArray(parent) || last >= parent.length) {
      return false;
    }
    parent.splice(last, 1);
    return true;
  }
  return parent instanceof JsonObject && parent.delete(last);
}

/** Adds `key` to the object at `path` unless it is there already (RedisJSON's `dict_add`). */
export function addMember(
  root: JsonValue,
  target: { readonly path: readonly PathStep[]; readonly key: string },
  value: JsonValue,
): boolean {
  const parent = valueAt(root, target.path);
  if (!(parent instanceof JsonObject) || parent.has(target.key)) {
    return false;
  }
  parent.set(target.key, value);
  return true;
}

/**
 * JSON.MERGE's patch (RedisJSON's `merge`, RFC 7396 with one twist kept: merging into a member
 * replaces it, so a `null` patch value deletes object members but a `null` patch sets a value).
 */
export function mergePatch(target: JsonValue, patch: JsonValue): JsonValue {
  if (!(patch instanceof JsonObject)) {
    return patch;
  }
  const result = target instanceof JsonObject ? target : new JsonObject();
  for (let i = 0; i < patch.size; i++) {
    const key = patch.keys[i] as string;
    const value = patch.values[i] as JsonValue;
    if (value === null) {
      result.delete(key);
    } else {
      result.set(key, mergePatch(result.get(key) ?? null, value));
    }
  }
  return result;
}
