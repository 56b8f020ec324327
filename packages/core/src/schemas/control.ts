/**
 * The emulator's control endpoint: a reserved path prefix no product uses (no Redis command and
 * no vector index is named `_stratus`), authenticated with the management API's basic-auth
 * credentials. `POST {prefix}/reset[/{product}[/{resource}]]?to=empty|seed` resets state;
 * `{prefix}/faults` lists, adds (`POST`) and clears (`DELETE`) fault rules.
 */
import { z } from "zod";

/** The control endpoint's path prefix. */
export const CONTROL_PATH_PREFIX = "/_stratus";

/** What a reset leaves: nothing, or the `--seed` file's state. */
export const ResetTargetSchema = z.enum(["empty", "seed"]);
