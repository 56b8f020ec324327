/**
 * Reads the connection file a running `stratus-emulator` writes into its data directory
 * (`@stratus/core/schemas` `CONNECTION_FILE_NAME`): its URLs, tokens and management credentials.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  CONNECTION_FILE_NAME,
  type ConnectionDetails,
  ConnectionDetailsSchema,
} from "@stratus/core/schemas";

/** The details in `dir`, `undefined` when the file is absent, or what is wrong with it. */
export function readConnectionFile(dir: string): ConnectionDetails | string | undefined {
  const path = join(dir, CONNECTION_FILE_NAME);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error: unknown) {
    if (error instanceof Error && "code" in error && error.code === "ENOENT") {
      return undefined;
    }
    return `cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`;
  }
  try {
    const parsed = ConnectionDetailsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : `${path} is not a stratus-emulator connection file`;
  } catch {
    return `${path} is not JSON`;
  }
}
