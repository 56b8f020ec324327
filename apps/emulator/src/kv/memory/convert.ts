/**
 * The edge between the engine's binary-string world and `@stratus/core`'s byte-based RESP values.
 */
import type { Resp2Value } from "@stratus/core/resp2";
import { binaryToUtf8, type Reply, resp2Form } from "../../engine/index.ts";

const OK: Resp2Value = { kind: "simple", value: "OK" };
const NULL: Resp2Value = { kind: "null" };

/** An engine reply → a RESP2 value with byte bulk strings (a script's RESP3 kinds in their RESP2 forms). */
export function toResp2(reply: Reply): Resp2Value {
  switch (reply.kind) {
    case "simple":
      return reply.value === "OK" ? OK : { kind: "simple", value: binaryToUtf8(reply.value) };
    case "error":
      // Errors may quote user bytes (unknown command names); core's model holds text.
      return { kind: "error", message: binaryToUtf8(reply.message) };
    case "integer":
      return { kind: "integer", value: BigInt(reply.value) };
    case "bulk":
      return { kind: "bulk", value: Buffer.from(reply.value, "latin1") };
    case "null":
      return NULL;
    case "null-array":
      return reply;
    case "array":
      return { kind: "array", items: reply.items.map(toResp2) };
    default:
      // A script's RESP3 reply: REST and RESP2 get its RESP2 form.
      return toResp2(resp2Form(reply));
  }
}
