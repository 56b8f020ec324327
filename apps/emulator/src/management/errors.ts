/**
 * Errors of management operations. The route turns them into `{"error": "..."}` with their status
 * (`spec/management-api.md` §8 convention).
 */

/** A client mistake in a management request: 400, 401, 404 or 409. */
export class ManagementError extends Error {
  override readonly name = "ManagementError";
  readonly status: 400 | 401 | 404 | 409;

  constructor(status: 400 | 401 | 404 | 409, message: string) {
    super(message);
    this.status = status;
  }
}

/** 404 for an unknown resource; wording of §8: "database not found", "index not found", … */
export function notFound(what: "database" | "index" | "team" | "queue" | "member"): never {
  throw new ManagementError(404, `${what} not found`);
}

/** 400 for an invalid request. */
export function badRequest(message: string): never {
  throw new ManagementError(400, message);
}
