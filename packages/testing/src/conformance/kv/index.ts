/** Every key-value check, in the order the table prints them. */
import type { Check } from "../check.ts";
import { batchChecks } from "./batches.ts";
import { encodingChecks, formatChecks } from "./encodings.ts";
import { headerChecks } from "./headers.ts";
import { requestFormChecks } from "./request-forms.ts";
import { serviceBehaviourChecks } from "./service-behaviours.ts";
import { statusChecks } from "./status-codes.ts";
import { streamChecks } from "./streams.ts";
import { tokenChecks } from "./tokens.ts";

export const KV_CHECKS: readonly Check[] = [
  ...requestFormChecks,
  ...batchChecks,
  ...encodingChecks,
  ...formatChecks,
  ...headerChecks,
  ...statusChecks,
  ...tokenChecks,
  ...streamChecks,
  ...serviceBehaviourChecks,
];
