/**
 * The vector REST interface at `/vector/{name}/…` (vector-rest-wire.md): the service checks method,
 * index and token from the head; the body is read up to `VectorLimits.MAX_REQUEST_BYTES`.
 */
import {
  type VectorAdmission,
  VectorLimits,
  type VectorRoute,
  type VectorService,
} from "../../vector/index.ts";
import { bodyTooLargeMessage, jsonResponse } from "../http-error.ts";
import type { Admission, EmulatorRequestHead } from "../types.ts";

export function admitVectorRequest(
  vector: VectorService,
  { head, route }: { head: EmulatorRequestHead; route: VectorRoute },
): Admission {
  const admission: VectorAdmission = vector.admit(head, route);
  if ("answer" in admission) {
    return admission;
  }
  const maxBodyBytes = VectorLimits.MAX_REQUEST_BYTES;
  return {
    maxBodyBytes,
    // The service's error envelope (vector-rest-wire.md §1.3).
    tooLarge: (receivedBytes) =>
      jsonResponse(413, {
        error: bodyTooLargeMessage({ maxBodyBytes, receivedBytes }),
        status: 413,
      }),
    handle: admission.run,
  };
}
