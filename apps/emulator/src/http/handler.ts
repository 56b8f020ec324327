import { HttpError, jsonError } from "./http-error.ts";
import type { EmulatorRequest, EmulatorResponse, RequestHandler } from "./types.ts";

/**
 * Wraps the routes: client mistakes (`HttpError`) become their 4xx response, anything else is a
 * bug, logged and answered 500 without details.
 */
export function createHandler(
  route: RequestHandler,
  onInternalError: (error: unknown) => void,
): RequestHandler {
  return async (request: EmulatorRequest): Promise<EmulatorResponse> => {
    try {
      return await route(request);
    } catch (error: unknown) {
      if (error instanceof HttpError) {
        return error.toResponse();
      }
      onInternalError(error);
      return jsonError(500, "internal emulator error");
    }
  };
}
