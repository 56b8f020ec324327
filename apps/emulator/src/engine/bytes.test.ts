import { fc, test as fcTest } from "@fast-check/vitest";
import { binaryToBytes, bytesToBinary } from "./bytes.ts";

fcTest.prop([fc.uint8Array({ maxLength: 200 }), fc.nat({ max: 8 })])(
  "bytes → binary string → bytes is exact, short and long, views included",
  (bytes, offset) => {
    const view = new Uint8Array(offset + bytes.length);
    view.set(bytes, offset);
    const binary = bytesToBinary(view.subarray(offset));
    return (
      binary === Buffer.from(bytes).toString("latin1") &&
      Buffer.from(binaryToBytes(binary)).equals(Buffer.from(bytes))
    );
  },
);
