/**
 * @module
 * `@stratus/core/resp2`: the RESP2 codec shared by the emulator's RESP listener, its Redis proxy
 * backend and the client (STYLE.md §6): an encoder for replies and requests, a reply decoder (one
 * frame, or a chunked stream) and the server-side request parser, with Redis's error texts.
 */
export { isResp2Error, Resp2 } from "./constructors.ts";
export type { Resp2DecodeResult } from "./decode.ts";
export { decodeResp2 } from "./decode.ts";
export { encodeResp2, encodeResp2Command, encodeResp2CommandBinary } from "./encode.ts";
export { Resp2Limits } from "./limits.ts";
export { Resp2ProtocolError, Resp2RequestError } from "./protocol-error.ts";
export type { Resp2RequestParserOptions } from "./request-parser.ts";
export { Resp2RequestParser } from "./request-parser.ts";
export { Resp2StreamDecoder } from "./stream-decoder.ts";
export type { Resp2Kind, Resp2Value } from "./value.ts";
