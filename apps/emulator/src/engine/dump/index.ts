/**
 * Registers the DUMP/RESTORE codecs of the container types (`dump-format.ts`). Imported for its
 * effect by the engine and by the persistence snapshot code, so every entry point that dumps or
 * restores values has them.
 */
import { registerDumpCodec } from "../dump-format.ts";
import { hashCodec } from "./hash-codec.ts";
import { listCodec } from "./list-codec.ts";
import { setCodec } from "./set-codec.ts";
import { sortedSetCodec } from "./sorted-set-codec.ts";
import { streamCodec } from "./stream-codec.ts";

for (const codec of [listCodec, setCodec, sortedSetCodec, hashCodec, streamCodec]) {
  registerDumpCodec(codec);
}
