import { defineContainer } from "../define.ts";
import { objectEncoding } from "./object-encoding.ts";
import { objectFreq } from "./object-freq.ts";
import { objectHelp } from "./object-help.ts";
import { objectIdletime } from "./object-idletime.ts";
import { objectRefcount } from "./object-refcount.ts";

/**
 * OBJECT <subcommand>: introspection of stored values.
 * @see https://redis.io/commands/object
 */
export const object = defineContainer({
  name: "OBJECT",
  group: "generic",
  since: "2.2.3",
  summary: "A container for object introspection commands.",
  subcommands: [objectEncoding, objectFreq, objectHelp, objectIdletime, objectRefcount],
});
