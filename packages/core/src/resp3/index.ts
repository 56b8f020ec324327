/**
 * @module
 * `@stratus/core/resp3`: the RESP3 codec beside RESP2: an encoder for every RESP3 type and an
 * incremental decoder, for the emulator's RESP listener after `HELLO 3` and for RESP3 clients, and
 * the rules by which a RESP2 reply takes its RESP3 shape.
 */
export type { Resp3DecoderOptions } from "./decode.ts";
export { decodeResp3, Resp3ProtocolError, Resp3StreamDecoder } from "./decode.ts";
export { encodeResp3, formatResp3Double } from "./encode.ts";
export type { Resp3Model, Resp3Request, Resp3Shape } from "./reshape.ts";
export { resp3Reshaper } from "./reshape.ts";
export type { Resp3Kind, Resp3Value } from "./value.ts";
