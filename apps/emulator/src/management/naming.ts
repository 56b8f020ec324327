/**
 * URL names of created resources: `/redis/{name}` and `/vector/{name}` take a slug of the
 * requested name, made unique with a numeric suffix, and keep it for the resource's life, as the
 * service's endpoint does not change on rename.
 */

/** A slug of `name` (lower case letters, digits, `-`), unique under `isTaken`. */
export function uniqueUrlName(name: string, isTaken: (candidate: string) => boolean): string {
  const base =
    name
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 48) || "resource";
  if (!isTaken(base)) {
    return base;
  }
  for (let suffix = 2; ; suffix++) {
    const candidate = `${base}-${suffix}`;
    if (!isTaken(candidate)) {
      return candidate;
    }
  }
}
