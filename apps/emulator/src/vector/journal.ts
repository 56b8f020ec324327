/**
 * The effects the vector service logs, one per acknowledged write (STYLE.md §7.5: effects, not
 * requests, so replay needs neither the clock nor the embedding models).
 */
import type { RecordInput } from "./namespace-store.ts";
import type { ResolvedVectorIndexSpec } from "./types.ts";

export type JournalEntry =
  | {
      readonly op: "create";
      readonly spec: ResolvedVectorIndexSpec;
      readonly token: string;
      readonly readOnlyToken: string;
    }
  | { readonly op: "drop"; readonly index: string }
  | {
      readonly op: "tokens";
      readonly index: string;
      readonly token: string;
      readonly readOnlyToken: string;
    }
  | {
      readonly op: "put";
      readonly index: string;
      readonly namespace: string;
      readonly records: readonly RecordInput[];
    }
  | {
      readonly op: "delete";
      readonly index: string;
      readonly namespace: string;
      readonly ids: readonly string[];
    }
  /** `namespace` undefined: every namespace (`reset?all`). */
  | { readonly op: "reset"; readonly index: string; readonly namespace: string | undefined }
  | { readonly op: "drop-namespace"; readonly index: string; readonly namespace: string }
  | {
      readonly op: "rename-namespace";
      readonly index: string;
      readonly from: string;
      readonly to: string;
    };
