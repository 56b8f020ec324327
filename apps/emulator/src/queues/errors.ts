/** A client mistake on the queue API: its status and the `{"error": …}` text (§6.4). */
export class QueueRequestError extends Error {
  override readonly name = "QueueRequestError";
  readonly status: number;
  /** Headers of the answer besides its content type (the rate-limit ones of a 429). */
  readonly headers: Readonly<Record<string, string>>;

  constructor(status: number, message: string, headers: Readonly<Record<string, string>> = {}) {
    super(message);
    this.status = status;
    this.headers = headers;
  }
}

export function badRequest(message: string): never {
  throw new QueueRequestError(400, message);
}

export function notFound(message: string): never {
  throw new QueueRequestError(404, message);
}
