/** A client mistake on the queue API: its status and the `{"error": …}` text (§6.4). */
export class QueueRequestError extends Error {
  override readonly name = "QueueRequestError";
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export function badRequest(message: string): never {
  throw new QueueRequestError(400, message);
}

export function notFound(message: string): never {
  throw new QueueRequestError(404, message);
}
